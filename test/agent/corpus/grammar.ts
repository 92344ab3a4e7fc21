/**
 * Combinatorial corpus: commands generated from a small grammar (verbs × word orders × amounts ×
 * tokens × fillers × typos × slippage, plus queries and refusals built from the safety rules in
 * README.md). Every label follows from the choices the grammar made while building the text; nothing
 * here imports or mirrors the parser (src/agent/).
 *
 * Deterministic: one seeded mulberry32 stream, fixed generation order, exact-text de-duplication.
 */
import tokensJson from "../../../src/tokens/tokens.json";

export interface GeneratedCase {
  id: string;
  text: string;
  category: string;
  expect: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// PRNG helpers

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let rng: Rng = mulberry32(1);

function pick<T>(xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)];
}
function chance(p: number): boolean {
  return rng() < p;
}

// ---------------------------------------------------------------------------------------------
// Registry and fixtures

interface RegistryToken {
  symbol: string;
  mint: string;
}
const REGISTRY: RegistryToken[] = tokensJson.mainnet.map((t) => ({ symbol: t.symbol, mint: t.mint }));
const SYMBOLS: string[] = REGISTRY.map((t) => t.symbol);
const SYMBOLS_LC = new Set(SYMBOLS.map((s) => s.toLowerCase()));

/** Symbols that are English words (or read as one): only ever written as `$SYM`. */
const DOLLAR_ONLY = new Set(["W", "GOAT", "CLOUD", "WEN", "INF", "MOBILE", "RENDER", "DRIFT"]);
/** Symbols that read as a word in lower case: written as registered or as `$SYM`, never lower-cased. */
const UPPER_ONLY = new Set(["ORCA", "ZEUS", "MEW", "GIGA", "RAY", "BOME"]);

/** Token names a user may type instead of the symbol (registry names or the README's examples). */
const NAMES: Record<string, string[]> = {
  SOL: ["solana"],
  USDC: ["usd coin"],
  USDT: ["tether"],
  WIF: ["dogwifhat"],
  JUP: ["jupiter"],
  BONK: ["bonk"],
  RAY: ["raydium"],
  PYTH: ["pyth network"],
  PYUSD: ["paypal usd"],
  KMNO: ["kamino"],
  TNSR: ["tensor"],
  POPCAT: ["popcat"],
};
const NAME_SET = new Set(Object.values(NAMES).flat());

const CORE = ["SOL", "USDC", "USDT"];
const STABLES = new Set(["USDC", "USDT", "PYUSD"]);

const WALLETS = [
  "Be3v757KGbR1cgdXgKtSVb3iqAwWE6AvX9LmZUJy3ZV",
  "CZG4s9heKdUxqkuRw2Q1uLTTmmE5LidnT2BPZFD6HHez",
  "BjgBspsyAnm9RKNYvHZyZ4sVE6CVspi7XyhwQgAvtRNN",
  "VZqEEfi55vA2WLbncdmnwNziBiGYZkpDgc5XUq3dfQs",
  "FgTS1uNsSJdL7sTRoYCu7ny72UY5V1WmLoxamAFRjLtL",
  "4TT8FhTUQM7PwqeFmyfxfpDXhCSMhaia7QuJ4C7Nm917",
  "Eeh7tUMwrZgEWaXyqyXUWS8bXpJ1LuYhMVNcVeiKxkro",
  "F7gWZTXMsf9rdsUV2StWdecxjzkFqZkBfsiBywVdbwoP",
];
const PROGRAM_IDS = [
  "11111111111111111111111111111111",
  "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
  "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
  "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
  "ComputeBudget111111111111111111111111111111",
];
/** Recipients that are not valid Solana addresses at all. */
function invalidRecipient(): string {
  const w = pick(WALLETS);
  switch (Math.floor(rng() * 5)) {
    case 0:
      return `${w.slice(0, 4)}...${w.slice(-4)}`; // shortened
    case 1:
      return `${w.slice(0, 6)}…${w.slice(-3)}`; // shortened, unicode ellipsis
    case 2:
      return w.slice(0, 20); // truncated
    case 3: {
      // a character outside the base58 alphabet
      const i = 5 + Math.floor(rng() * 20);
      return w.slice(0, i) + pick(["0", "O", "I", "l"]) + w.slice(i + 1);
    }
    default:
      return pick(["0x742d35Cc6634C0532925a3b844Bc454e4438f44e", "0x1e9F3bD30C9ACA6e32B92CE2cD56ceB4DD456Bb2"]);
  }
}

/** Tickers that are not in the registry and are at least two edits away from every registry symbol. */
const UNKNOWN_TOKENS = ["PEPE", "DOGE", "SHIB", "FARTCOIN", "TRUMP", "MOODENG", "HEX", "XRP", "MATIC", "LINK", "CHILLGUY", "PNUT", "SPX"];

const OTHER_CHAINS = ["ethereum", "Ethereum mainnet", "base", "Base", "arbitrum", "Arbitrum One", "polygon", "optimism", "BSC", "avalanche", "the base network"];

// ---------------------------------------------------------------------------------------------
// Edit distance and typos

function levenshtein(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[n];
}

for (const u of UNKNOWN_TOKENS) {
  for (const s of SYMBOLS) {
    if (levenshtein(u.toLowerCase(), s.toLowerCase()) < 2) throw new Error(`unknown token ${u} is too close to ${s}`);
  }
}

const KEY_NEIGHBOURS: Record<string, string> = {
  a: "qsz", b: "vhn", c: "xdv", d: "sfe", e: "wrd", f: "dgr", g: "fht", h: "gjy", i: "uok", j: "hku", k: "jli", l: "ko",
  m: "nj", n: "bmh", o: "ipl", p: "o", q: "wa", r: "etf", s: "adw", t: "ryg", u: "yij", v: "cbf", w: "qes", x: "zc", y: "tuh", z: "xa",
};
/** Common words a typo must not land on (a typo that is a word is no longer a typo). */
const WORDS = new Set(["book", "bon", "bone", "sam", "same", "some", "pay", "say", "sold", "sole", "solo", "song", "bond", "monk", "mint", "mine", "and", "the", "for", "has", "ban", "bin", "bunk", "pith", "path", "both", "gig", "tend", "ten", "mode", "more", "home", "come", "dome", "done", "tone",
  // tickers of other assets: a typo must not land on one
  "btc", "ust", "usd", "eth", "orc", "dai", "op", "arb"]);

/** All one-edit variants of `text` (deletion, doubled letter, neighbouring-key substitution). */
function oneEditVariants(text: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    out.add(text.slice(0, i) + text.slice(i + 1));
    out.add(text.slice(0, i + 1) + text[i] + text.slice(i + 1));
    const ch = text[i];
    const lower = ch.toLowerCase();
    for (const nb of KEY_NEIGHBOURS[lower] ?? "") {
      const rep = ch === lower ? nb : nb.toUpperCase();
      out.add(text.slice(0, i) + rep + text.slice(i + 1));
    }
  }
  out.delete(text);
  return [...out];
}

/** A typo resolves only when it is exactly one edit from `symbol` and at least two from every other symbol. */
function resolvesOnlyTo(typo: string, symbol: string): boolean {
  const t = typo.toLowerCase();
  // Three letters are too few to tell a typo from another ticker: a user is asked, so no case reads one.
  if (t.length < 4 || SYMBOLS_LC.has(t) || NAME_SET.has(t) || WORDS.has(t)) return false;
  if (UNKNOWN_TOKENS.some((u) => u.toLowerCase() === t)) return false;
  for (const s of SYMBOLS) {
    const d = levenshtein(t, s.toLowerCase());
    if (s === symbol ? d !== 1 : d < 2) return false;
  }
  return true;
}

const TYPO_SYMBOLS = SYMBOLS.filter((s) => s.length >= 4 && !DOLLAR_ONLY.has(s));
const TOKEN_TYPOS: Record<string, string[]> = {};
for (const s of TYPO_SYMBOLS) {
  const variants = [...new Set([...oneEditVariants(s), ...oneEditVariants(s.toLowerCase())])].filter((v) => resolvesOnlyTo(v, s));
  if (UPPER_ONLY.has(s)) {
    TOKEN_TYPOS[s] = variants.filter((v) => v === v.toUpperCase());
  } else {
    TOKEN_TYPOS[s] = variants;
  }
  if (TOKEN_TYPOS[s].length === 0) delete TOKEN_TYPOS[s];
}

/** Curated one-letter verb typos (a single deletion, doubled letter or neighbouring key; none is a word). */
const VERB_TYPOS: Record<string, string[]> = {
  swap: ["swp", "swapp", "swqp", "sswap", "swsp"],
  trade: ["trde", "tradee", "trsde", "tradr"],
  exchange: ["exchage", "exchnge", "exchangee", "echange"],
  convert: ["conver", "convet", "convertt", "cpnvert"],
  sell: ["selll", "sekl"],
  buy: ["buyy", "nuy"],
  send: ["snd", "sendd", "semd", "sebd"],
  transfer: ["tranfer", "transfr", "transferr", "trandfer"],
  pay: ["payy", "oay"],
};

// ---------------------------------------------------------------------------------------------
// Tokens as typed

function anySymbol(): string {
  return chance(0.4) ? pick(CORE) : pick(SYMBOLS);
}
function otherSymbol(not: string): string {
  for (;;) {
    const s = anySymbol();
    if (s !== not) return s;
  }
}

type TokStyle = "registry" | "upper" | "lower" | "dollar" | "name";

function renderToken(sym: string, style?: TokStyle): string {
  if (DOLLAR_ONLY.has(sym)) return `$${sym}`;
  let st: TokStyle = style ?? (chance(0.7) ? "registry" : pick(["upper", "lower", "dollar"] as TokStyle[]));
  if (st === "name" && !NAMES[sym]) st = "registry";
  if (UPPER_ONLY.has(sym) && st === "lower") st = "registry";
  switch (st) {
    case "registry":
      return sym;
    case "upper":
      return sym.toUpperCase();
    case "lower":
      return sym.toLowerCase();
    case "dollar":
      return `$${sym}`;
    case "name":
      return pick(NAMES[sym]);
  }
}

// ---------------------------------------------------------------------------------------------
// Amounts

interface Amount {
  /** text before the token, for plain numbers ("1.5", "two and a half") */
  text: string;
  /** canonical value for the label */
  value: string;
  kind: "number" | "share" | "usd";
  /** for shares and dollar values: phrase with the token in it */
  phrase?: (tok: string) => string;
}

function canonical(raw: string): string {
  let s = raw.replace(/,/g, "");
  let mult = 1;
  if (/k$/i.test(s)) {
    mult = 1e3;
    s = s.slice(0, -1);
  } else if (/m$/i.test(s)) {
    mult = 1e6;
    s = s.slice(0, -1);
  }
  const n = Number(s) * mult;
  if (!Number.isFinite(n)) throw new Error(`bad amount ${raw}`);
  return String(Math.round(n * 1e9) / 1e9);
}

const SMALL = ["1", "2", "3", "5", "0.5", ".5", "1.5", "0.25", "0.1", "2.5", "0.75", "4", "0.05", "1.25", "0.3", "7"];
const MEDIUM = ["10", "12", "20", "25", "40", "50", "75", "100", "150", "250", "500", "42.5"];
const LARGE = ["1,000", "2,500", "10,000", "1000", "5000", "2.5k", "10k", "3m", "1.5m", "100k", "250k", "1,500,000"];

function digitsFor(sym: string): string {
  if (["BONK", "SAMO", "WEN", "MEW", "GIGA", "PENGU", "BOME", "GOAT", "POPCAT", "MOBILE"].includes(sym)) {
    return pick(chance(0.7) ? LARGE : MEDIUM);
  }
  if (STABLES.has(sym)) return pick(chance(0.6) ? MEDIUM : chance(0.5) ? SMALL : LARGE);
  if (["WBTC", "ETH"].includes(sym)) return pick(SMALL);
  return pick(chance(0.6) ? SMALL : MEDIUM);
}

const NUMBER_WORDS: Array<[string, string]> = [
  ["one", "1"], ["two", "2"], ["three", "3"], ["four", "4"], ["five", "5"], ["six", "6"], ["seven", "7"], ["eight", "8"],
  ["nine", "9"], ["ten", "10"], ["eleven", "11"], ["twelve", "12"], ["fifteen", "15"], ["twenty", "20"], ["twenty five", "25"],
  ["twenty-five", "25"], ["thirty", "30"], ["forty", "40"], ["fifty", "50"], ["sixty", "60"], ["seventy five", "75"],
  ["a hundred", "100"], ["one hundred", "100"], ["one hundred and fifty", "150"], ["two hundred", "200"],
  ["three hundred and twenty", "320"], ["five hundred", "500"], ["a thousand", "1000"], ["two thousand", "2000"],
  ["two and a half", "2.5"], ["one and a half", "1.5"], ["three and a half", "3.5"], ["half a", "0.5"],
];

function numberAmount(sym: string): Amount {
  const raw = digitsFor(sym);
  return { text: raw, value: canonical(raw), kind: "number" };
}
function wordAmount(): Amount {
  const [text, value] = pick(NUMBER_WORDS);
  return { text, value, kind: "number" };
}

const SHARES: Array<[(t: string) => string, string]> = [
  [(t) => `half my ${t}`, "1/2"],
  [(t) => `half of my ${t}`, "1/2"],
  [(t) => `50% of my ${t}`, "1/2"],
  [(t) => `a quarter of my ${t}`, "1/4"],
  [(t) => `25% of my ${t}`, "1/4"],
  [(t) => `30% of my ${t}`, "3/10"],
  [(t) => `10% of my ${t}`, "1/10"],
  [(t) => `75% of my ${t}`, "3/4"],
  [(t) => `a third of my ${t}`, "1/3"],
  [(t) => `all my ${t}`, "1/1"],
  [(t) => `all of my ${t}`, "1/1"],
  [(t) => `all ${t}`, "1/1"],
  [(t) => `100% of my ${t}`, "1/1"],
  [(t) => `my entire ${t} balance`, "1/1"],
  [(t) => `max ${t}`, "1/1"],
];
function shareAmount(): Amount {
  const [phrase, value] = pick(SHARES);
  return { text: "", value, kind: "share", phrase };
}

const USD_VALUES = ["$5", "$10", "$20", "$25", "$50", "$100", "$250", "$1,000"];
function usdAmount(): Amount {
  const d = pick(USD_VALUES);
  const worth = chance(0.5);
  return { text: d, value: d.replace(/,/g, ""), kind: "usd", phrase: (t) => (worth ? `${d} worth of ${t}` : `${d} of ${t}`) };
}

/** Amount and token as they appear together on the paying side (or the sent side of a transfer). */
function amountToken(a: Amount, tok: string): string {
  if (a.kind === "number") return `${a.text} ${tok}`;
  return a.phrase!(tok);
}

// ---------------------------------------------------------------------------------------------
// Fillers

const SAFE_PREFIXES = ["hey ", "hey, ", "ok ", "yo ", "gm, "];
const VERB_START = /^(swap|trade|exchange|convert|change|flip|turn|put|spend|use|buy|get|grab|sell|dump|rotate|ape|purchase|send|transfer|move|pay|tip|give)\b/;
const PREFIXES = [
  "pls ", "please ", "can you ", "could you ", "hey ", "hey, ", "yo ", "ok ", "okay so ", "real quick, ", "quick: ",
  "i want to ", "i'd like to ", "let's ", "go ahead and ", "hi! please ", "gm, ", "hey can you ", "kindly ",
];
const SUFFIXES = [" pls", " please", " thanks!", " thx", " 🙏", " 🚀", " real quick", " ty", ", thank you", " plz", " 🙏🙏", " asap pls"];

function withFillers(core: string, pPrefix: number, pSuffix: number): string {
  let s = core;
  let prefix = "";
  if (chance(pPrefix)) prefix = pick(VERB_START.test(core) ? PREFIXES : SAFE_PREFIXES);
  if (chance(pSuffix)) s += pick(SUFFIXES);
  else if (/^(can you|could you|hey can you)/.test(prefix) && chance(0.6)) s += "?";
  return prefix + s;
}

function styleCase(s: string): string {
  const r = rng();
  if (r < 0.35) return s.charAt(0).toUpperCase() + s.slice(1);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Expectations

function swapX(input: string, output: string, amount: string, amountOf: "input" | "output", slippageBps?: number): Record<string, unknown> {
  const e: Record<string, unknown> = { intent: "swap", input, output, amount, amountOf };
  if (slippageBps !== undefined) e.slippageBps = slippageBps;
  return e;
}
function transferX(token: string, amount: string, recipient: string): Record<string, unknown> {
  return { intent: "transfer", token, amount, recipient };
}
function queryX(subject: string, token?: string): Record<string, unknown> {
  return token ? { intent: "query", subject, token } : { intent: "query", subject };
}
function refuseX(rule: string, ask?: string): Record<string, unknown> {
  return ask ? { refuse: rule, ask } : { refuse: rule };
}

// ---------------------------------------------------------------------------------------------
// Swap grammar

/** Exact-input templates: `I` is amount + paying token, `O` the token received, `v` the verb. */
interface ExInTemplate {
  verbs: string[];
  build: (v: string, I: string, O: string) => string;
  numbersOnly?: boolean;
  namesOk?: boolean;
}
const EXACT_IN: ExInTemplate[] = [
  { verbs: ["swap", "trade", "exchange"], build: (v, I, O) => `${v} ${I} ${pick(["for", "to", "into"])} ${O}`, namesOk: true },
  { verbs: ["convert", "change", "flip"], build: (v, I, O) => `${v} ${I} ${pick(["to", "into"])} ${O}`, namesOk: true },
  { verbs: ["turn"], build: (v, I, O) => `${v} ${I} into ${O}` },
  { verbs: ["put"], build: (v, I, O) => `${v} ${I} into ${O}` },
  { verbs: ["spend"], build: (v, I, O) => `${v} ${I} on ${O}` },
  { verbs: ["use"], build: (v, I, O) => `${v} ${I} to ${pick(["buy", "get"])} ${O}` },
  { verbs: ["buy"], build: (v, I, O) => `${v} ${O} ${pick(["with", "using"])} ${I}`, namesOk: true },
  { verbs: ["get", "grab"], build: (v, I, O) => `${v} ${O} ${pick(["with", "using"])} ${I}` },
  { verbs: ["sell"], build: (v, I, O) => `${v} ${I} for ${O}`, namesOk: true },
  { verbs: ["dump"], build: (v, I, O) => `${v} ${I} for ${O}` },
  { verbs: ["rotate"], build: (v, I, O) => `${v} ${I} into ${O}` },
  { verbs: ["ape"], build: (v, I, O) => `${v} ${I} into ${O}`, numbersOnly: true },
];

/** Exact-output templates: `B` is amount + token received, `X` the paying token. */
interface ExOutTemplate {
  verbs: string[];
  build: (v: string, B: string, X: string) => string;
}
const EXACT_OUT: ExOutTemplate[] = [
  { verbs: ["buy"], build: (v, B, X) => `${v} ${B} ${pick(["with", "using"])} ${X}` },
  { verbs: ["get", "grab"], build: (v, B, X) => `${v} ${B} ${pick(["with", "using", "with my"])} ${X}` },
  { verbs: ["purchase"], build: (v, B, X) => `${v} ${B} with ${X}` },
  { verbs: ["use"], build: (v, B, X) => `${v} ${X} to buy ${B}` },
  { verbs: ["swap"], build: (v, B, X) => `${v} ${X} for ${B}` },
  { verbs: ["buy"], build: (v, B, X) => `${v} ${B}, pay with ${X}` },
  { verbs: ["get"], build: (v, B, X) => `${v} me ${B} using ${X}` },
];

interface SwapChoice {
  text: string;
  expect: Record<string, unknown>;
}

function pickTokens(): [string, string] {
  const input = anySymbol();
  return [input, otherSymbol(input)];
}

function buildExactIn(opts: {
  amount: (sym: string) => Amount;
  tokStyle?: TokStyle;
  verbTypo?: boolean;
  names?: boolean;
  templates?: ExInTemplate[];
}): SwapChoice | null {
  const [input, output] = pickTokens();
  const a = opts.amount(input);
  let templates = opts.templates ?? EXACT_IN;
  if (a.kind !== "number") templates = templates.filter((t) => !t.numbersOnly);
  if (opts.names) templates = templates.filter((t) => t.namesOk);
  if (opts.verbTypo) templates = templates.filter((t) => t.verbs.some((v) => VERB_TYPOS[v]));
  const t = pick(templates);
  let v = pick(opts.verbTypo ? t.verbs.filter((x) => VERB_TYPOS[x]) : t.verbs);
  if (opts.verbTypo) v = pick(VERB_TYPOS[v]);
  if (opts.names && !NAMES[input] && !NAMES[output]) return null;
  const inName = opts.names === true && NAMES[input] !== undefined && (NAMES[output] === undefined || chance(0.6));
  const outName = opts.names === true && NAMES[output] !== undefined;
  const inTok = renderToken(input, inName ? "name" : opts.tokStyle);
  const outTok = renderToken(output, outName ? "name" : opts.tokStyle);
  return { text: t.build(v, amountToken(a, inTok), outTok), expect: swapX(input, output, a.value, "input") };
}

function buildExactOut(amount: (sym: string) => Amount): SwapChoice {
  const [input, output] = pickTokens();
  const b = amount(output);
  const t = pick(EXACT_OUT);
  const v = pick(t.verbs);
  return { text: t.build(v, `${b.text} ${renderToken(output)}`, renderToken(input)), expect: swapX(input, output, b.value, "output") };
}

const SLIPPAGES: Array<[string, number]> = [
  ["1%", 100], ["0.5%", 50], ["2%", 200], ["0.3%", 30], ["3%", 300], ["1.5%", 150], ["0.1%", 10], ["5%", 500], ["0.25%", 25],
  ["50 bps", 50], ["100 bps", 100], ["30bps", 30], ["1 percent", 100], ["half a percent", 50],
];
const SLIPPAGE_FORMS = [
  (p: string) => ` with ${p} slippage`,
  (p: string) => ` with slippage ${p}`,
  (p: string) => `, slippage ${p}`,
  (p: string) => ` (${p} slippage)`,
  (p: string) => `, max slippage ${p}`,
  (p: string) => ` slippage tolerance ${p}`,
  (p: string) => ` at ${p} slippage`,
  (p: string) => `, ${p} slippage`,
];

// ---------------------------------------------------------------------------------------------
// Transfer grammar

interface TransferTemplate {
  verbs: string[];
  build: (v: string, A: string, R: string) => string;
}
const TRANSFER_TEMPLATES: TransferTemplate[] = [
  { verbs: ["send", "transfer", "move"], build: (v, A, R) => `${v} ${A} to ${R}` },
  { verbs: ["pay", "tip"], build: (v, A, R) => `${v} ${A} to ${R}` },
  { verbs: ["give"], build: (v, A, R) => `${v} ${A} to ${R}` },
  { verbs: ["send"], build: (v, A, R) => `${v} ${A} over to ${R}` },
];
const LEADING_RECIPIENT: TransferTemplate[] = [
  { verbs: ["pay", "send", "give", "tip"], build: (v, A, R) => `${v} ${R} ${A}` },
  { verbs: ["send", "transfer"], build: (v, A, R) => `${v} to ${R} ${A}` },
  { verbs: ["send", "transfer"], build: (v, A, R) => `${v} to ${R}: ${A}` },
  { verbs: ["send", "pay"], build: (v, A, R) => `to ${R}, ${v} ${A}` },
  { verbs: ["send"], build: (v, A, R) => `${R} — ${v} ${A}` },
];

function buildTransfer(opts: {
  amount: (sym: string) => Amount;
  leading?: boolean;
  verbTypo?: boolean;
  tokenTypo?: boolean;
}): SwapChoice | null {
  let token = anySymbol();
  let tokText: string;
  if (opts.tokenTypo) {
    const candidates = Object.keys(TOKEN_TYPOS);
    token = pick(candidates);
    tokText = pick(TOKEN_TYPOS[token]);
  } else {
    tokText = renderToken(token);
  }
  const a = opts.amount(token);
  let templates = opts.leading ? LEADING_RECIPIENT : TRANSFER_TEMPLATES;
  if (opts.verbTypo) templates = templates.filter((t) => t.verbs.some((v) => VERB_TYPOS[v]));
  const t = pick(templates);
  let v = pick(opts.verbTypo ? t.verbs.filter((x) => VERB_TYPOS[x]) : t.verbs);
  if (opts.verbTypo) v = pick(VERB_TYPOS[v]);
  const r = pick(WALLETS);
  return { text: t.build(v, amountToken(a, tokText), r), expect: transferX(token, a.value, r) };
}

// ---------------------------------------------------------------------------------------------
// The generator

interface Draft {
  text: string;
  category: string;
  expect: Record<string, unknown>;
}

export function generate(): GeneratedCase[] {
  rng = mulberry32(0x5eed_c0de);
  const drafts: Draft[] = [];
  const seen = new Set<string>();

  /** Run `make` until `count` new texts were added to `category` (or attempts run out). */
  const emit = (category: string, count: number, make: () => SwapChoice | null, fill: [number, number] = [0.2, 0.2]) => {
    let added = 0;
    for (let attempt = 0; added < count && attempt < count * 30; attempt++) {
      const c = make();
      if (!c) continue;
      const text = styleCase(withFillers(c.text, fill[0], fill[1]));
      if (seen.has(text)) continue;
      seen.add(text);
      drafts.push({ text, category, expect: c.expect });
      added++;
    }
  };

  const num = (sym: string) => numberAmount(sym);

  // --- swaps ------------------------------------------------------------------------------
  emit("swap/basic", 190, () => buildExactIn({ amount: num }));
  emit("swap/exact-out", 90, () => buildExactOut(num));
  emit("swap/exact-out-number-words", 25, () => buildExactOut(() => wordAmount()));
  emit("swap/buy-with", 60, () =>
    buildExactIn({ amount: num, templates: EXACT_IN.filter((t) => t.verbs.includes("buy") || t.verbs.includes("get")) }),
  );
  emit("swap/spend-put-use", 60, () =>
    buildExactIn({ amount: num, templates: EXACT_IN.filter((t) => ["spend", "put", "use", "turn"].includes(t.verbs[0])) }),
  );
  emit("swap/sell-dump-rotate-ape", 60, () =>
    buildExactIn({ amount: num, templates: EXACT_IN.filter((t) => ["sell", "dump", "rotate", "ape"].includes(t.verbs[0])) }),
  );
  emit("swap/number-words", 70, () => buildExactIn({ amount: () => wordAmount() }));
  emit("swap/share", 90, () => buildExactIn({ amount: () => shareAmount() }));
  emit("swap/usd-value", 45, () => {
    const c = buildExactIn({ amount: () => usdAmount() });
    return c && !STABLES.has(c.expect.input as string) ? c : null;
  });
  emit("swap/amount-format", 50, () => {
    const [input, output] = pickTokens();
    const raw = pick(LARGE.concat([".5", ".25", "0.5", "1,000.5", "12,000"]));
    const t = pick(EXACT_IN.filter((x) => !x.numbersOnly));
    return { text: t.build(pick(t.verbs), `${raw} ${renderToken(input)}`, renderToken(output)), expect: swapX(input, output, canonical(raw), "input") };
  });
  emit("swap/amount-after", 35, () => {
    const [input, output] = pickTokens();
    const a = numberAmount(input);
    const I = renderToken(input);
    const O = renderToken(output);
    const v = pick(["swap", "trade", "convert", "exchange"]);
    const text = pick([
      `${v} ${I} to ${O}, ${a.text} ${I}`,
      `${v} ${I} for ${O}, amount: ${a.text}`,
      `${v} ${I} for ${O} — ${a.text} ${I}`,
      `${v} ${I} → ${O}, ${a.text}`,
    ]);
    return { text, expect: swapX(input, output, a.value, "input") };
  });
  emit("swap/slippage", 70, () => {
    const c = buildExactIn({ amount: num });
    if (!c) return null;
    const [p, bps] = pick(SLIPPAGES);
    return { text: c.text + pick(SLIPPAGE_FORMS)(p), expect: { ...c.expect, slippageBps: bps } };
  });
  emit("swap/exact-out-slippage", 15, () => {
    const c = buildExactOut(num);
    const [p, bps] = pick(SLIPPAGES);
    return { text: c.text + pick(SLIPPAGE_FORMS)(p), expect: { ...c.expect, slippageBps: bps } };
  });
  emit("swap/token-names", 55, () => buildExactIn({ amount: num, names: true }));
  emit("swap/token-case", 55, () => buildExactIn({ amount: num, tokStyle: pick(["upper", "lower", "dollar"] as TokStyle[]) }));
  emit("swap/shouting", 15, () => {
    const c = buildExactIn({ amount: num });
    return c ? { text: c.text.toUpperCase(), expect: c.expect } : null;
  });
  emit("swap/filler", 90, () => buildExactIn({ amount: num }), [0.85, 0.6]);
  emit("swap/typo-verb", 45, () => buildExactIn({ amount: num, verbTypo: true }));
  emit("swap/typo-token", 45, () => {
    const typoSyms = Object.keys(TOKEN_TYPOS);
    const typoSide = chance(0.5) ? "input" : "output";
    const sym = pick(typoSyms);
    const other = otherSymbol(sym);
    const input = typoSide === "input" ? sym : other;
    const output = typoSide === "input" ? other : sym;
    const a = numberAmount(input);
    const inTok = typoSide === "input" ? pick(TOKEN_TYPOS[sym]) : renderToken(input);
    const outTok = typoSide === "output" ? pick(TOKEN_TYPOS[sym]) : renderToken(output);
    const t = pick(EXACT_IN.filter((x) => x.namesOk));
    return { text: t.build(pick(t.verbs), `${a.text} ${inTok}`, outTok), expect: swapX(input, output, a.value, "input") };
  });

  // --- transfers --------------------------------------------------------------------------
  emit("transfer/basic", 110, () => buildTransfer({ amount: num }));
  emit("transfer/leading-recipient", 55, () => buildTransfer({ amount: num, leading: true }));
  emit("transfer/number-words", 35, () => buildTransfer({ amount: () => wordAmount(), leading: chance(0.3) }));
  emit("transfer/share", 30, () => buildTransfer({ amount: () => shareAmount() }));
  emit("transfer/usd-value", 15, () => {
    const c = buildTransfer({ amount: () => usdAmount() });
    return c && !STABLES.has(c.expect.token as string) ? c : null;
  });
  emit("transfer/filler", 45, () => buildTransfer({ amount: num, leading: chance(0.3) }), [0.85, 0.6]);
  emit("transfer/typo-verb", 30, () => buildTransfer({ amount: num, verbTypo: true }));
  emit("transfer/typo-token", 25, () => buildTransfer({ amount: num, tokenTypo: true }));

  // --- queries ----------------------------------------------------------------------------
  const PRICE = [
    (t: string) => `price of ${t}`,
    (t: string) => `${t} price`,
    (t: string) => `what's the price of ${t}?`,
    (t: string) => `what is ${t} trading at`,
    (t: string) => `how much is ${t} worth?`,
    (t: string) => `how much is one ${t}`,
    (t: string) => `current ${t} price`,
    (t: string) => `check ${t} price`,
    (t: string) => `${t} price rn?`,
    (t: string) => `what's ${t} at right now`,
    (t: string) => `give me the ${t} price`,
    (t: string) => `${t} price today`,
  ];
  emit("query/price", 65, () => {
    const s = anySymbol();
    return { text: pick(PRICE)(renderToken(s, NAMES[s] && chance(0.3) ? "name" : undefined)), expect: queryX("price", s) };
  }, [0.15, 0.1]);
  const BALANCE_TOKEN = [
    (t: string) => `how much ${t} do I have`,
    (t: string) => `how much ${t} do i have?`,
    (t: string) => `my ${t} balance`,
    (t: string) => `what's my ${t} balance?`,
    (t: string) => `check my ${t} balance`,
    (t: string) => `${t} balance`,
    (t: string) => `show my ${t} balance`,
    (t: string) => `how many ${t} do I own?`,
    (t: string) => `balance of ${t}`,
    (t: string) => `do I have any ${t}?`,
    (t: string) => `how much ${t} is in my wallet`,
  ];
  emit("query/balance-token", 60, () => {
    const s = anySymbol();
    return { text: pick(BALANCE_TOKEN)(renderToken(s)), expect: queryX("balance", s) };
  }, [0.15, 0.1]);
  const BALANCE_PLAIN = ["what's my balance?", "check balance", "balance", "my balance", "show my balance", "what is my balance", "balance pls", "check my balance", "wallet balance"];
  emit("query/balance", 12, () => ({ text: pick(BALANCE_PLAIN), expect: queryX("balance") }), [0.3, 0.2]);
  const PORTFOLIO = [
    "show my portfolio", "portfolio", "what's in my wallet?", "what do I hold?", "list my tokens", "show all my holdings",
    "what's my portfolio worth?", "total value of my wallet", "my holdings", "what tokens do I have?", "portfolio overview",
    "how is my portfolio doing", "show me everything I own", "breakdown of my wallet", "what's my net worth",
  ];
  emit("query/portfolio", 30, () => ({ text: pick(PORTFOLIO), expect: queryX("portfolio") }), [0.35, 0.2]);
  const HELP = ["help", "what can you do?", "what commands do you support?", "show me what you can do", "help me", "what can I ask you?", "commands", "/help"];
  emit("query/help", 10, () => ({ text: pick(HELP), expect: queryX("help") }), [0.2, 0.1]);

  // --- refusals ---------------------------------------------------------------------------
  const simpleSwap = (): { I: string; O: string; input: string; output: string; a: Amount } => {
    const [input, output] = pickTokens();
    const a = numberAmount(input);
    return { I: `${a.text} ${renderToken(input)}`, O: renderToken(output), input, output, a };
  };
  const simpleTransfer = (): { A: string; R: string; token: string } => {
    const token = anySymbol();
    return { A: `${numberAmount(token).text} ${renderToken(token)}`, R: pick(WALLETS), token };
  };

  emit("refuse/negation", 45, () => {
    if (chance(0.6)) {
      const { I, O } = simpleSwap();
      return {
        text: pick([
          `don't swap ${I} for ${O}`,
          `do not convert ${I} to ${O}`,
          `I don't want to sell ${I} for ${O}`,
          `never trade ${I} for ${O}`,
          `no, don't buy ${O} with ${I}`,
          `please don't exchange ${I} into ${O}`,
          `dont swap ${I} to ${O}`,
          `no need to swap ${I} for ${O}`,
        ]),
        expect: refuseX("negated"),
      };
    }
    const { A, R } = simpleTransfer();
    return {
      text: pick([`don't send ${A} to ${R}`, `do not transfer ${A} to ${R}`, `never pay ${R} ${A}`, `stop, do not send ${A} to ${R}`, `I don't want to send ${A} to ${R}`]),
      expect: refuseX("negated"),
    };
  }, [0.1, 0.1]);

  emit("refuse/question", 45, () => {
    if (chance(0.65)) {
      const { I, O, input, output } = simpleSwap();
      return {
        text: pick([
          `should I swap ${I} for ${O}?`,
          `how would I swap ${I} for ${O}?`,
          `how do I convert ${renderToken(input)} to ${renderToken(output)}?`,
          `is it a good idea to sell ${I} for ${O}?`,
          `would it be smart to buy ${O} with ${I}?`,
          `should i dump ${I} for ${O}`,
          `how can I trade ${renderToken(input)} for ${O}?`,
        ]),
        expect: refuseX("question"),
      };
    }
    const { A, R, token } = simpleTransfer();
    return {
      text: pick([`how would I send ${A} to ${R}?`, `should I send ${A} to ${R}?`, `how do I transfer ${renderToken(token)} to ${R}?`, `is it safe to send ${A} to ${R}?`]),
      expect: refuseX("question"),
    };
  }, [0.1, 0]);

  emit("refuse/hypothetical", 35, () => {
    if (chance(0.7)) {
      const { I, O } = simpleSwap();
      return {
        text: pick([
          `if I swapped ${I} for ${O}, how much would I get?`,
          `hypothetically, swap ${I} for ${O}`,
          `what if I traded ${I} for ${O}`,
          `suppose I converted ${I} to ${O}`,
          `imagine I sold ${I} for ${O}`,
          `in theory, would you swap ${I} for ${O}?`,
          `what would happen if I swap ${I} to ${O}`,
        ]),
        expect: refuseX("hypothetical"),
      };
    }
    const { A, R } = simpleTransfer();
    return {
      text: pick([`what if I sent ${A} to ${R}?`, `hypothetically, send ${A} to ${R}`, `suppose I transferred ${A} to ${R}`]),
      expect: refuseX("hypothetical"),
    };
  }, [0.1, 0]);

  emit("refuse/other-chain", 45, () => {
    const chain = pick(OTHER_CHAINS);
    if (chance(0.7)) {
      const { I, O } = simpleSwap();
      return {
        text: pick([
          `swap ${I} for ${O} on ${chain}`,
          `on ${chain}, swap ${I} to ${O}`,
          `trade ${I} for ${O} on ${chain} please`,
          `buy ${O} with ${I} on ${chain}`,
          `swap ${I} for ${O} using uniswap on ${chain}`,
        ]),
        expect: refuseX("other-chain"),
      };
    }
    const { A, R } = simpleTransfer();
    return { text: pick([`send ${A} to ${R} on ${chain}`, `on ${chain}, transfer ${A} to ${R}`]), expect: refuseX("other-chain") };
  }, [0.1, 0.1]);

  emit("refuse/time-or-condition", 45, () => {
    const when = pick([
      " tomorrow", " tomorrow morning", " at 5pm", " in an hour", " tonight", " next monday", " every friday", " every week",
      " in 10 minutes", " on june 1st", " after midnight", " at noon utc",
    ]);
    const cond = (sym: string) =>
      pick([` if ${renderToken(sym)} drops below $100`, ` when ${renderToken(sym)} hits $250`, ` once ${renderToken(sym)} goes above $2`, ` if the price dips 10%`]);
    if (chance(0.7)) {
      const { I, O, input } = simpleSwap();
      const tail = chance(0.55) ? when : cond(input);
      return { text: chance(0.8) ? `swap ${I} for ${O}${tail}` : `${tail.trim()}, swap ${I} to ${O}`, expect: refuseX("time-or-condition") };
    }
    const { A, R } = simpleTransfer();
    return { text: `send ${A} to ${R}${when}`, expect: refuseX("time-or-condition") };
  }, [0.1, 0]);

  emit("refuse/two-actions", 35, () => {
    const s1 = simpleSwap();
    const s2 = simpleSwap();
    const t1 = simpleTransfer();
    const t2 = simpleTransfer();
    return {
      text: pick([
        `swap ${s1.I} for ${s1.O} and send ${t1.A} to ${t1.R}`,
        `send ${t1.A} to ${t1.R} and ${t2.A} to ${t2.R}`,
        `swap ${s1.I} for ${s1.O}, then swap ${s2.I} for ${s2.O}`,
        `buy ${s1.O} with ${s1.I} and then transfer it to ${t1.R}`,
        `send ${t1.A} to ${t1.R} then swap ${s1.I} to ${s1.O}`,
        `swap ${s1.I} to ${s1.O} and also swap ${s2.I} to ${s2.O}`,
      ]),
      expect: refuseX("two-actions"),
    };
  }, [0.1, 0.1]);

  emit("refuse/two-outputs", 35, () => {
    const [input, o1] = pickTokens();
    let o2 = otherSymbol(input);
    while (o2 === o1) o2 = otherSymbol(input);
    const I = `${numberAmount(input).text} ${renderToken(input)}`;
    const O1 = renderToken(o1);
    const O2 = renderToken(o2);
    return {
      text: pick([
        `swap ${I} for ${O1} and ${O2}`,
        `convert ${I} into ${O1} and ${O2}`,
        `split ${I} between ${O1} and ${O2}`,
        `swap ${I} into half ${O1}, half ${O2}`,
        `trade ${I} for ${O1} & ${O2}`,
        `buy ${O1} and ${O2} with ${I}`,
      ]),
      expect: refuseX("two-outputs"),
    };
  }, [0.1, 0.1]);

  emit("refuse/missing-output", 30, () => {
    const s = anySymbol();
    const I = `${numberAmount(s).text} ${renderToken(s)}`;
    return { text: pick([`swap ${I}`, `sell ${I}`, `convert ${I}`, `trade ${I}`, `dump ${I}`, `exchange ${I} pls`, `swap ${I} into something`]), expect: refuseX("missing", "output") };
  }, [0.2, 0.1]);

  emit("refuse/missing-input", 30, () => {
    const s = anySymbol();
    const O = renderToken(s);
    const b = numberAmount(s);
    return {
      text: pick([`buy ${O}`, `buy some ${O}`, `get me ${b.text} ${O}`, `buy ${b.text} ${O}`, `I want ${b.text} ${O}`, `grab some ${O}`, `get some ${O}`]),
      expect: refuseX("missing", "input"),
    };
  }, [0.2, 0.1]);

  emit("refuse/missing-amount", 35, () => {
    if (chance(0.7)) {
      const [input, output] = pickTokens();
      const I = renderToken(input);
      const O = renderToken(output);
      return {
        text: pick([`swap ${I} for ${O}`, `swap some ${I} for ${O}`, `convert ${I} to ${O}`, `buy ${O} with ${I}`, `buy ${O} with some ${I}`, `trade ${I} to ${O}`, `exchange ${I} into ${O}`]),
        expect: refuseX("missing", "amount"),
      };
    }
    const t = anySymbol();
    const R = pick(WALLETS);
    return { text: pick([`send ${renderToken(t)} to ${R}`, `send some ${renderToken(t)} to ${R}`, `transfer ${renderToken(t)} to ${R}`]), expect: refuseX("missing", "amount") };
  }, [0.2, 0.1]);

  emit("refuse/missing-recipient", 25, () => {
    const { A } = simpleTransfer();
    return {
      text: pick([`send ${A}`, `transfer ${A}`, `tip ${A}`, `send ${A} to my friend`, `pay ${A}`, `send ${A} to him`, `move ${A} to my other wallet`]),
      expect: refuseX("missing", "recipient"),
    };
  }, [0.2, 0.1]);

  emit("refuse/missing-token", 20, () => {
    const a = pick(["5", "10", "0.5", "20", "100", "2.5", "twenty"]);
    const R = pick(WALLETS);
    return { text: pick([`send ${a} to ${R}`, `transfer ${a} to ${R}`, `pay ${R} ${a}`, `tip ${R} ${a}`]), expect: refuseX("missing", "token") };
  }, [0.2, 0.1]);

  emit("refuse/same-token", 30, () => {
    const s = pick(SYMBOLS.filter((x) => !DOLLAR_ONLY.has(x)));
    const a = numberAmount(s);
    const first = renderToken(s);
    const second = renderToken(s, pick(["registry", "lower", "upper", "dollar", "name"] as TokStyle[]));
    return {
      text: pick([`swap ${a.text} ${first} for ${second}`, `convert ${a.text} ${first} to ${second}`, `buy ${second} with ${a.text} ${first}`, `trade ${a.text} ${first} into ${second}`]),
      expect: refuseX("same-token"),
    };
  }, [0.1, 0.1]);

  emit("refuse/bad-amount", 35, () => {
    const zero = pick(["0", "0.0", "0.00", "-1", "-5", "-0.5", "-100", "zero", "minus 3", "−2"]);
    if (chance(0.6)) {
      const [input, output] = pickTokens();
      return {
        text: pick([`swap ${zero} ${renderToken(input)} for ${renderToken(output)}`, `sell ${zero} ${renderToken(input)} for ${renderToken(output)}`, `buy ${renderToken(output)} with ${zero} ${renderToken(input)}`]),
        expect: refuseX("bad-amount"),
      };
    }
    const t = anySymbol();
    return { text: pick([`send ${zero} ${renderToken(t)} to ${pick(WALLETS)}`, `transfer ${zero} ${renderToken(t)} to ${pick(WALLETS)}`]), expect: refuseX("bad-amount") };
  }, [0.1, 0.1]);

  emit("refuse/program-recipient", 25, () => {
    const { A } = simpleTransfer();
    return { text: pick([`send ${A} to ${pick(PROGRAM_IDS)}`, `transfer ${A} to ${pick(PROGRAM_IDS)}`, `pay ${pick(PROGRAM_IDS)} ${A}`]), expect: refuseX("bad-recipient") };
  }, [0.1, 0.1]);

  emit("refuse/mint-recipient", 25, () => {
    const { A, token } = simpleTransfer();
    const mint = chance(0.4) ? REGISTRY.find((t) => t.symbol === token)!.mint : pick(REGISTRY).mint;
    return { text: pick([`send ${A} to ${mint}`, `transfer ${A} to ${mint}`, `pay ${mint} ${A}`]), expect: refuseX("bad-recipient") };
  }, [0.1, 0.1]);

  emit("refuse/invalid-recipient", 25, () => {
    const { A } = simpleTransfer();
    return { text: pick([`send ${A} to ${invalidRecipient()}`, `transfer ${A} to ${invalidRecipient()}`]), expect: refuseX("bad-recipient") };
  }, [0.1, 0.1]);

  emit("refuse/unknown-token", 35, () => {
    const unk = pick(UNKNOWN_TOKENS);
    const u = chance(0.7) ? unk : chance(0.5) ? unk.toLowerCase() : `$${unk}`;
    const s = anySymbol();
    const a = numberAmount(s);
    return {
      text: pick([
        `swap ${a.text} ${renderToken(s)} for ${u}`,
        `buy ${u} with ${a.text} ${renderToken(s)}`,
        `sell ${a.text} ${u} for ${renderToken(s)}`,
        `convert 500 ${u} to ${renderToken(s)}`,
        `send 1000 ${u} to ${pick(WALLETS)}`,
        `ape ${a.text} ${renderToken(s)} into ${u}`,
      ]),
      expect: refuseX("unknown-token"),
    };
  }, [0.15, 0.1]);

  emit("refuse/unsupported", 35, () => ({
    text: pick([
      `stake ${pick(SMALL)} SOL`,
      `stake ${pick(SMALL)} SOL with a validator`,
      `unstake my mSOL`,
      `lend ${pick(MEDIUM)} USDC`,
      `borrow ${pick(MEDIUM)} USDC against my SOL`,
      `open a ${pick(["3", "5", "10", "20"])}x long on SOL`,
      `short ${pick(["SOL", "JUP", "WIF"])} with ${pick(["2", "5", "10"])}x leverage`,
      `mint an NFT`,
      `buy the cheapest mad lads NFT`,
      `add liquidity to the SOL-USDC pool`,
      `provide ${pick(MEDIUM)} USDC of liquidity on orca`,
      `create a token called MOON`,
      `place a limit order to buy JUP with ${pick(MEDIUM)} USDC`,
      `bridge ${pick(MEDIUM)} USDC`,
    ]),
    expect: refuseX("unsupported"),
  }), [0.15, 0.1]);

  emit("notx/chit-chat", 12, () => ({
    text: pick(["gm", "thanks!", "who are you?", "tell me a joke", "what is a memecoin?", "lol ok", "good morning", "nice", "are you a bot?", "ok cool", "hello"]),
    expect: { noTransaction: true },
  }), [0, 0]);

  return drafts.map((d, i) => ({ id: `gr-${String(i + 1).padStart(5, "0")}`, text: d.text, category: d.category, expect: d.expect }));
}

export default generate;
