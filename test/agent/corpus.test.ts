import { parseCommand } from '../../src/agent/parser';
import { cases, dialogues, scoreCases, scoreDialogues, splitOf, vocabulary, type Scored } from './corpus/load';

/**
 * The agent's targets on its labelled corpus (test/agent/corpus/README.md): exact on the dev
 * split it was tuned on, on the test split it never was, and no transaction from a case that
 * must be refused. `npm run bench:agent` prints the same figures per family and category.
 */
const rows: Scored[] = [...scoreCases(cases), ...scoreDialogues(dialogues)];
const exact = (of: Scored[]) => of.filter((r) => r.right).length / of.length;
const wrong = (of: Scored[]) => of.filter((r) => !r.right).map((r) => ({ id: r.id, text: r.text, expect: r.expect, got: r.result }));

describe('the corpus', () => {
  it('has the size and the families the issue asks for', () => {
    const family = (name: string) => cases.filter((c) => c.family === name);
    expect(cases.length).toBeGreaterThanOrEqual(1500);
    expect(family('hand-written').length).toBeGreaterThanOrEqual(300);
    expect(family('harvested').length).toBeGreaterThanOrEqual(100);
    expect(family('harvested').every((c) => typeof c.source === 'string' && c.source.length > 5)).toBe(true);
    expect(cases.filter((c) => c.expect.refuse !== undefined).length).toBeGreaterThanOrEqual(150);
    expect(dialogues.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it('splits by id alone, about half and half', () => {
    expect(splitOf('hw-0001')).toBe(splitOf('hw-0001'));
    const dev = cases.filter((c) => c.split === 'dev').length / cases.length;
    expect(dev).toBeGreaterThan(0.4);
    expect(dev).toBeLessThan(0.6);
  });
});

describe('the parser on the corpus', () => {
  it('is exact on at least 99% of the dev split', () => {
    const dev = rows.filter((r) => r.split === 'dev');
    if (exact(dev) < 0.99) expect(wrong(dev)).toEqual([]);
  });

  it('is exact on at least 97% of the test split (only the figure is reported)', () => {
    expect(exact(rows.filter((r) => r.split === 'test'))).toBeGreaterThanOrEqual(0.97);
  });

  it('builds no transaction from any case that must be refused, in either split', () => {
    expect(rows.filter((r) => r.unsafe).map((r) => `${r.split} ${r.id}`)).toEqual([]);
  });

  it('gives every refusal a reason a person can act on', () => {
    for (const r of rows) if (!r.result.ok) expect(r.result.reason.length).toBeGreaterThan(20);
  });

  it('is right at least 98% of the time when its confidence is 0.95 or more', () => {
    const sure = rows.filter((r) => r.split === 'dev' && r.result.ok && r.result.confidence >= 0.95);
    expect(sure.length).toBeGreaterThan(500);
    expect(exact(sure)).toBeGreaterThanOrEqual(0.98);
  });

  it('marks guesses with lower confidence: typos, number words, follow-ups, no verb', () => {
    const confidence = (text: string) => {
      const result = parseCommand(text, vocabulary);
      return result.ok ? result.confidence : NaN;
    };
    expect(confidence('swap 1 SOL for USDC')).toBe(1);
    expect(confidence('swap 10 bonkk for sol')).toBeLessThan(0.9);
    expect(confidence('swpa 1 sol for usdc')).toBeLessThan(0.9);
    expect(confidence('1 SOL -> USDC')).toBeLessThan(0.95);
    expect(confidence('swap thirty five usdt for sol')).toBeLessThan(1);
  });
});
