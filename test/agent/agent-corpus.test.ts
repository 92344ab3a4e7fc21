import { parseCommand } from '../../src/agent/parser';
import { corpus, corpusContext, normalise } from './corpus';

/** Runs the corpus: what is parsed and how it compares with its label. */
function evaluate() {
  return corpus.map((entry) => {
    const result = parseCommand(entry.text, { ...corpusContext, previous: entry.previous });
    const got = result.ok ? normalise(result.command) : null;
    const right = JSON.stringify(got) === JSON.stringify(entry.expected) || (entry.expected === null && !result.ok);
    return { entry, result, got, right };
  });
}

describe('the agent corpus', () => {
  const results = evaluate();

  it('has at least 400 labelled commands, refusals included', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(400);
    expect(corpus.filter((c) => c.expected === null).length).toBeGreaterThanOrEqual(40);
  });

  it('parses at least 98% exactly as labelled', () => {
    const wrong = results.filter((r) => !r.right).map((r) => ({ text: r.entry.text, expected: r.entry.expected, got: r.got }));
    expect({ accuracy: 1 - wrong.length / results.length, wrong: wrong.slice(0, 10) }).toEqual({
      accuracy: expect.any(Number),
      wrong: expect.any(Array),
    });
    expect(1 - wrong.length / results.length).toBeGreaterThanOrEqual(0.98);
  });

  it('refuses every command labelled as one to refuse, each with a reason', () => {
    const refusals = results.filter((r) => r.entry.expected === null);
    const accepted = refusals.filter((r) => r.result.ok).map((r) => r.entry.text);
    expect(accepted).toEqual([]);
    for (const r of refusals) if (!r.result.ok) expect(r.result.reason.length).toBeGreaterThan(15);
  });

  it('is right at least 99% of the time when confidence is 0.9 or above', () => {
    const confident = results.filter((r) => r.result.ok && r.result.confidence >= 0.9);
    expect(confident.length).toBeGreaterThan(300);
    expect(confident.filter((r) => r.right).length / confident.length).toBeGreaterThanOrEqual(0.99);
  });

  it('marks guesses with lower confidence: fuzzy tokens, defaulted tokens, follow-ups', () => {
    const confidence = (text: string, previous?: any) => {
      const result = parseCommand(text, { ...corpusContext, previous });
      return result.ok ? result.confidence : NaN;
    };
    expect(confidence('swap 1 SOL for USDC')).toBe(1);
    expect(confidence('swap 10 bonkk for sol')).toBeLessThan(0.9);
    expect(confidence('sell 100 JUP')).toBeLessThan(0.9);
    expect(confidence('make it 2', corpus.find((c) => c.text === 'make it 2' && c.previous)!.previous)).toBeLessThan(0.9);
  });
});
