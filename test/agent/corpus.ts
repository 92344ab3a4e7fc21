import { Keypair } from '@solana/web3.js';
import type { AmountSpec, Command, ParseContext } from '../../src/agent/parser';
import { TokenRegistry } from '../../src/tokens/token-registry';

/**
 * The agent's labelled evaluation corpus: commands in varied phrasing with the command they
 * must parse to, and commands that must be refused. Built from phrasing templates crossed
 * with tokens and amount forms, plus hand-written cases. Used by agent-corpus.test.ts and
 * `npm run bench:agent`.
 */

export interface Expected {
  action: 'swap' | 'transfer' | 'query';
  input?: string;
  output?: string;
  token?: string;
  amount?: AmountSpec;
  swapMode?: 'ExactIn' | 'ExactOut';
  recipient?: string;
  subject?: string;
  slippageBps?: number;
}

export interface CorpusCase {
  text: string;
  /** null: the command must be refused (422). */
  expected: Expected | null;
  previous?: Command;
}

const registry = TokenRegistry.bundled();
const ref = (symbol: string) => {
  const token = registry.resolve(symbol, 'mainnet')!;
  return { symbol: token.symbol, mint: token.mint };
};

export const corpusContext: ParseContext = {
  lookup: (text) => {
    const token = registry.resolve(text, 'mainnet');
    return token && { symbol: token.symbol, mint: token.mint };
  },
  symbols: registry.all('mainnet').map((token) => token.symbol),
};

const wallets = [1, 2, 3].map((seed) => Keypair.fromSeed(new Uint8Array(32).fill(seed)).publicKey.toBase58());
const exact = (value: string): AmountSpec => ({ kind: 'exact', value });

// Amount phrasings and what they mean.
const AMOUNTS: Array<[string, AmountSpec]> = [
  ['1', exact('1')],
  ['1.5', exact('1.5')],
  ['0.25', exact('0.25')],
  ['1,000', exact('1000')],
  ['2.5k', exact('2500')],
  ['two', exact('2')],
  ['ten', exact('10')],
  ['half a', exact('0.5')],
  ['.5', exact('0.5')],
  ['3m', exact('3000000')],
];

// How people name tokens, and the symbol they mean.
const NAMES: Array<[string, string]> = [
  ['SOL', 'SOL'],
  ['sol', 'SOL'],
  ['$SOL', 'SOL'],
  ['solana', 'SOL'],
  ['wSOL', 'SOL'],
  ['USDC', 'USDC'],
  ['usd coin', 'USDC'],
  ['$bonk', 'BONK'],
  ['BONK', 'BONK'],
  ['jup', 'JUP'],
  ['dogwifhat', 'WIF'],
  ['WIF', 'WIF'],
  ['JitoSOL', 'JitoSOL'],
  ['msol', 'mSOL'],
  ['PYTH', 'PYTH'],
  ['jto', 'JTO'],
  ['usdt', 'USDT'],
  ['RAY', 'RAY'],
  ['render', 'RENDER'],
  ['pengu', 'PENGU'],
];

const EXACT_IN_TEMPLATES = [
  'swap {a} {X} for {Y}',
  'swap {a} {X} to {Y}',
  'convert {a} {X} into {Y}',
  'trade {a} {X} for {Y}',
  'exchange {a} {X} for {Y}',
  'sell {a} {X} for {Y}',
  'I want to swap {a} {X} for {Y}',
  'please swap {a} {X} to {Y}',
  'can you trade {a} {X} for {Y}?',
  'buy {Y} with {a} {X}',
  'Swap {a} {X} into {Y} please',
];

const EXACT_OUT_TEMPLATES = ['buy {a} {Y} with {X}', 'get me {a} {Y} with {X}', 'buy {a} {Y} using {X}'];

function pairs(): Array<[string, string, string, string]> {
  const out: Array<[string, string, string, string]> = [];
  for (let i = 0; i < NAMES.length; i++) {
    const [xName, x] = NAMES[i];
    const [yName, y] = NAMES[(i * 7 + 3) % NAMES.length];
    if (x !== y) out.push([xName, x, yName, y]);
  }
  return out;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w)\}/g, (_, key: string) => values[key]);
}

function build(): CorpusCase[] {
  const cases: CorpusCase[] = [];
  const pairList = pairs();
  let n = 0;
  for (const template of EXACT_IN_TEMPLATES) {
    for (const [xName, x, yName, y] of pairList) {
      const [a, amount] = AMOUNTS[n++ % AMOUNTS.length];
      cases.push({
        text: fill(template, { a, X: xName, Y: yName }),
        expected: { action: 'swap', input: x, output: y, amount, swapMode: 'ExactIn' },
      });
    }
  }
  for (const template of EXACT_OUT_TEMPLATES) {
    for (const [xName, x, yName, y] of pairList.slice(0, 10)) {
      const [a, amount] = AMOUNTS[n++ % AMOUNTS.length];
      cases.push({
        text: fill(template, { a, X: xName, Y: yName }),
        expected: { action: 'swap', input: x, output: y, amount, swapMode: 'ExactOut' },
      });
    }
  }
  const swap = (text: string, input: string, output: string, amount: AmountSpec, extra: Partial<Expected> = {}): CorpusCase => ({
    text,
    expected: { action: 'swap', input, output, amount, swapMode: 'ExactIn', ...extra },
  });
  cases.push(
    swap('swap all my SOL for USDC', 'SOL', 'USDC', { kind: 'fraction', numerator: 1, denominator: 1 }),
    swap('sell half my JUP for USDC', 'JUP', 'USDC', { kind: 'fraction', numerator: 1, denominator: 2 }),
    swap('swap a quarter of my BONK for SOL', 'BONK', 'SOL', { kind: 'fraction', numerator: 1, denominator: 4 }),
    swap('convert max USDC to SOL', 'USDC', 'SOL', { kind: 'fraction', numerator: 1, denominator: 1 }),
    swap('swap everything of my WIF to USDC', 'WIF', 'USDC', { kind: 'fraction', numerator: 1, denominator: 1 }),
    swap('swap $20 of SOL for BONK', 'SOL', 'BONK', { kind: 'usd', value: '20' }),
    swap('convert 50 dollars worth of BONK to USDC', 'BONK', 'USDC', { kind: 'usd', value: '50' }),
    swap('trade $1.5k of USDC for JUP', 'USDC', 'JUP', { kind: 'usd', value: '1500' }),
    swap('swap 1 SOL for USDC with 1% slippage', 'SOL', 'USDC', exact('1'), { slippageBps: 100 }),
    swap('swap 1 SOL for USDC slippage 50 bps', 'SOL', 'USDC', exact('1'), { slippageBps: 50 }),
    swap('swap 2 SOL for JUP max slippage 0.5%', 'SOL', 'JUP', exact('2'), { slippageBps: 50 }),
    swap('swap 2 SOL for JUP, max slippage 3%', 'SOL', 'JUP', exact('2'), { slippageBps: 300 }),
    swap('swap 1 SOL for DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', 'SOL', 'BONK', exact('1')),
    swap('swap 10 bonkk for sol', 'BONK', 'SOL', exact('10')),
    swap('swap 5 mobil for usdc', 'MOBILE', 'USDC', exact('5')),
    swap('flip 3 SOL to USDC', 'SOL', 'USDC', exact('3')),
    swap('ape into WIF with 3 sol', 'SOL', 'WIF', exact('3')),
    swap('ape 2 SOL into BONK', 'SOL', 'BONK', exact('2')),
    swap('swap 1 wrapped sol for usdt', 'SOL', 'USDT', exact('1')),
    swap('swap 0.000001 SOL for USDC', 'SOL', 'USDC', exact('0.000001')),
    { text: 'get me 5k bonk', expected: { action: 'swap', input: 'USDC', output: 'BONK', amount: exact('5000'), swapMode: 'ExactOut' } },
    { text: 'sell 100 JUP', expected: { action: 'swap', input: 'JUP', output: 'USDC', amount: exact('100'), swapMode: 'ExactIn' } },
    { text: 'buy 2 SOL', expected: { action: 'swap', input: 'USDC', output: 'SOL', amount: exact('2'), swapMode: 'ExactOut' } },
  );

  // Transfers.
  const TRANSFER_TEMPLATES = [
    'send {a} {X} to {W}',
    'transfer {a} {X} to {W}',
    'pay {W} {a} {X}',
    'give {W} {a} {X}',
    'tip {W} {a} {X}',
    'please send {a} {X} to {W}',
    'send {a} {X} to {W} now',
    'Send {a} {X} over to {W}',
  ];
  for (const template of TRANSFER_TEMPLATES) {
    for (const [xName, x] of NAMES.filter((_, i) => i % 2 === 0)) {
      const [a, amount] = AMOUNTS[n++ % AMOUNTS.length];
      const recipient = wallets[n % wallets.length];
      cases.push({ text: fill(template, { a, X: xName, W: recipient }), expected: { action: 'transfer', token: x, amount, recipient } });
    }
  }
  cases.push(
    { text: `send half my USDC to ${wallets[0]}`, expected: { action: 'transfer', token: 'USDC', amount: { kind: 'fraction', numerator: 1, denominator: 2 }, recipient: wallets[0] } },
    { text: `send $20 of SOL to ${wallets[1]}`, expected: { action: 'transfer', token: 'SOL', amount: { kind: 'usd', value: '20' }, recipient: wallets[1] } },
    { text: `send all my BONK to ${wallets[2]}`, expected: { action: 'transfer', token: 'BONK', amount: { kind: 'fraction', numerator: 1, denominator: 1 }, recipient: wallets[2] } },
    { text: `20 USDC to ${wallets[0]}`, expected: { action: 'transfer', token: 'USDC', amount: exact('20'), recipient: wallets[0] } },
  );

  // Queries.
  const tokens = ['SOL', 'USDC', 'BONK', 'JUP', 'WIF', 'PYTH', 'mSOL', 'RAY'];
  const BALANCE = ['how much {X} do I have', "what's my {X} balance", 'how many {X} do I have', 'balance of {X}', 'how much {X} is in my wallet'];
  const PRICE = ['price of {X}', '{X} price', "what's {X} trading at", 'how much is {X}', 'what is the price of {X}', 'what is {X} worth'];
  for (const template of BALANCE) {
    for (const x of tokens) cases.push({ text: fill(template, { X: x }), expected: { action: 'query', subject: 'balance', token: x } });
  }
  for (const template of PRICE) {
    for (const x of tokens) cases.push({ text: fill(template, { X: x }), expected: { action: 'query', subject: 'price', token: x } });
  }
  for (const text of ["what's my portfolio worth", 'show my tokens', 'what do I hold', 'portfolio', 'show me my holdings', "what's my net worth", 'list my assets']) {
    cases.push({ text, expected: { action: 'query', subject: 'portfolio' } });
  }
  for (const text of ['what can you do', 'help', 'hello', 'hi!', 'gm', 'how does this work?', 'thanks', 'hey there', 'good morning']) {
    cases.push({ text, expected: { action: 'query', subject: 'help' } });
  }
  for (const text of ["what's my balance", 'balance', 'check my balances']) cases.push({ text, expected: { action: 'query', subject: 'balance' } });

  // Follow-ups.
  const previousSwap: Command = { action: 'swap', input: ref('SOL'), output: ref('USDC'), amount: exact('1'), swapMode: 'ExactIn' };
  const previousTransfer: Command = { action: 'transfer', token: ref('USDC'), amount: exact('20'), recipient: wallets[0] };
  cases.push(
    { text: 'make it 2', previous: previousSwap, expected: { action: 'swap', input: 'SOL', output: 'USDC', amount: exact('2'), swapMode: 'ExactIn' } },
    { text: 'same but to BONK', previous: previousSwap, expected: { action: 'swap', input: 'SOL', output: 'BONK', amount: exact('1'), swapMode: 'ExactIn' } },
    { text: 'do that again', previous: previousSwap, expected: { action: 'swap', input: 'SOL', output: 'USDC', amount: exact('1'), swapMode: 'ExactIn' } },
    { text: 'same but with JUP', previous: previousSwap, expected: { action: 'swap', input: 'JUP', output: 'USDC', amount: exact('1'), swapMode: 'ExactIn' } },
    { text: 'and 10 more to the same address', previous: previousTransfer, expected: { action: 'transfer', token: 'USDC', amount: exact('10'), recipient: wallets[0] } },
    { text: `same but to ${wallets[1]}`, previous: previousTransfer, expected: { action: 'transfer', token: 'USDC', amount: exact('20'), recipient: wallets[1] } },
    { text: 'make it 50', previous: previousTransfer, expected: { action: 'transfer', token: 'USDC', amount: exact('50'), recipient: wallets[0] } },
    { text: 'again', previous: previousTransfer, expected: { action: 'transfer', token: 'USDC', amount: exact('20'), recipient: wallets[0] } },
  );

  // Must be refused.
  const refused = [
    'make it 2',
    'same but to BONK',
    'do that again',
    'swap SOL for USDC',
    'swap 1 SOL for SOL',
    'swap 1 SOL for BONKKKK',
    'swap 1 SOL for blorp',
    'swap 0 SOL for USDC',
    'swap -5 SOL for USDC',
    'swap 1 SOL for USDC with 60% slippage',
    'swap 1 SOL for USDC slippage 9000 bps',
    'send 5 USDC to 0x52908400098527886E0F7030069857D2E4169EE7',
    'send 5 USDC to 7xKX…gAsU',
    'send 5 USDC to 7xKX...gAsU',
    `send 5 USDC to ${wallets[0]}111`,
    `send 5 USDC to ${wallets[0].slice(0, 30)}`,
    'send 5 USDC to 0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0O',
    'send 5 USDC',
    `send USDC to ${wallets[0]}`,
    `send 5 to ${wallets[0]}`,
    'send 5 USDC to my friend',
    'bridge 1 SOL to ethereum',
    'stake 10 SOL',
    'unstake my mSOL',
    'buy an NFT',
    'mint an nft for me',
    'place a limit order to buy SOL at 100',
    'open a 10x long on SOL',
    'lend 100 USDC',
    'borrow 50 USDC against my SOL',
    'set up a DCA into JUP',
    'asdf qwerty',
    'lorem ipsum dolor sit amet',
    '1 SOL USDC',
    'SOL to USDC 5',
    'price of BONKKKK',
    'how much FOO do I have',
    'swap 1.2.3 SOL for USDC',
    'swap 1 SOL and 2 JUP for USDC',
    'what is the meaning of life',
    '',
    '???',
  ];
  for (const text of refused) cases.push({ text, expected: null });
  return cases;
}

export const corpus: CorpusCase[] = build();

/** The parts of a command the corpus labels, in the labels' shape. */
export function normalise(command: Command): Expected {
  switch (command.action) {
    case 'swap':
      return {
        action: 'swap',
        input: command.input.symbol,
        output: command.output.symbol,
        amount: command.amount,
        swapMode: command.swapMode,
        ...(command.slippageBps !== undefined && { slippageBps: command.slippageBps }),
      };
    case 'transfer':
      return { action: 'transfer', token: command.token.symbol, amount: command.amount, recipient: command.recipient };
    case 'query':
      return { action: 'query', subject: command.subject, ...(command.token && { token: command.token.symbol }) };
  }
}
