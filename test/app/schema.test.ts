import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildParleySchema, printParleySchema } from '../../src/app/schema';

describe('schema/schema.graphql', () => {
  it('matches the schema the code builds (run `npm run schema:emit` after changing types)', async () => {
    const checkedIn = readFileSync(path.join(__dirname, '..', '..', 'schema', 'schema.graphql'), 'utf8');
    expect(printParleySchema(await buildParleySchema())).toBe(checkedIn);
  });
});
