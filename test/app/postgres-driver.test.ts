import fc from 'fast-check';
import { escapeLiteral } from 'pg';
import { quoteLiteral } from '../../src/app/postgres-driver';

// The round trip through the database is in test/messages/messages.test.ts ("stores text with quotes, backslashes…").
describe('quoteLiteral', () => {
  it("writes what pg's escapeLiteral writes, for any text", () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom("'", '\\', 'a', '"', '\n', 'é', '\u{1F600}') })), (text) => quoteLiteral(text) === escapeLiteral(text)), { numRuns: 2000 });
  });
});
