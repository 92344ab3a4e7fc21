import first from './corpus/context-bank.json';
import second from './corpus/context-bank-2.json';
import third from './corpus/context-bank-3.json';
import { builtLabel, contextCommands, saidAfter, saidBefore } from './corpus/load';

/**
 * Sentences a blind writer wrote to go around a request (corpus README, `context-bank.json`): each one that
 * changes or blocks the request, said before or after it, must never leave the request built as it was (a
 * correction may change it: "Make it 3 instead."). `npm run bench:agent` scores the harmless ones.
 */
/** Blocking sentences the agent still reads past (issue 32's note names them). */
const KNOWN = new Set([
  'The recipient says he only accepts USDT now.',
  'Just as a test,', "They're watching me type this, so:", 'On my birthday,', "With half of the amount I'm about to say,",
]);
const bank = {
  blockingAfter: [...first.blockingAfter, ...second.blockingAfter, ...third.blockingAfter],
  blockingBefore: [...first.blockingBefore, ...second.blockingBefore, ...third.blockingBefore],
};

const readPast = (context: string, around: typeof saidBefore) =>
  contextCommands.filter((command) => builtLabel(around(context, command)) === builtLabel(command)).map((command) => around(context, command));

describe('context that blocks a request', () => {
  it('never leaves the request built as it was, said after it', () => {
    expect(bank.blockingAfter.filter((s) => !KNOWN.has(s)).flatMap((context) => readPast(context, saidAfter))).toEqual([]);
  });

  it('never leaves the request built as it was, said before it', () => {
    expect(bank.blockingBefore.filter((s) => !KNOWN.has(s)).flatMap((context) => readPast(context, saidBefore))).toEqual([]);
  });

  it('still reads past the sentences listed as known, so the list stays true', () => {
    const known = [...KNOWN].filter((context) => readPast(context, saidBefore).length + readPast(context, saidAfter).length > 0);
    expect(known.sort()).toEqual([...KNOWN].sort());
  });
});
