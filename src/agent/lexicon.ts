/**
 * The agent's vocabulary: data only. Each entry says what a word (or a few words) means to a
 * command: a verb and the intent and direction it implies, a preposition and the slot it
 * marks, a cue that the message is a query, or a word that forbids a transaction (negation,
 * question, hypothetical, another chain, a time or a condition). The tokenizer tags words
 * from these tables; the frames (frames.ts) fill slots from the tags.
 */

/**
 * How a verb reads its object. `pay`: the object is what the wallet pays ("swap 2 SOL for
 * USDC", "sell", "spend 10 USDC on WIF"). `get`: the object is what it receives ("buy WIF
 * with USDC", "grab 3 SOL worth of JUP" pays the SOL). `send`: a transfer to an address.
 */
export type VerbRole = 'pay' | 'get' | 'send';

/**
 * A table keyed by the words of a message, without Object's own keys: "constructor" or "toString" typed
 * in a message finds no entry (on a plain object literal they find Object's functions).
 */
function table<T>(entries: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

export const VERBS: Record<string, VerbRole> = table({
  // More of other languages' verbs (Spanish, Portuguese, French, Italian, German, Indonesian, Turkish, Tagalog, Hindi, Russian and Arabic in Latin letters).
  convierte: 'pay', cambiame: 'pay', swapea: 'pay', swapear: 'pay', paga: 'send', pagar: 'send', pague: 'send', troque: 'pay',
  converter: 'pay', venda: 'pay', compre: 'get', envie: 'send', transfira: 'send', envoyez: 'send', transferer: 'send', vire: 'send',
  payer: 'send', paie: 'send', vendez: 'pay', achetez: 'get', echangez: 'pay', cambiare: 'pay', convertire: 'pay', comprare: 'get',
  trasferisci: 'send', tausch: 'pay', wechsle: 'pay', wechsel: 'pay', konvertiere: 'pay', verkaufe: 'pay', verkauf: 'pay', kaufe: 'get',
  kauf: 'get', kaufen: 'get', uberweis: 'send', zahle: 'send', bezahle: 'send', tukarin: 'pay', tukerin: 'pay', jualin: 'pay',
  beliin: 'get', kirimin: 'send', bayar: 'send', degistir: 'pay', takas: 'pay', ipalit: 'pay', palitan: 'pay', pakipalit: 'pay',
  ibenta: 'pay', bilhin: 'get', bumili: 'get', ipadala: 'send', padala: 'send', pakipadala: 'send', badlo: 'pay', badal: 'pay',
  becho: 'pay', bech: 'pay', kharido: 'get', kharid: 'get', obmenyay: 'pay', pomenyay: 'pay', prodaj: 'pay', kupit: 'get', otprav: 'send',
  zaplati: 'send', baddil: 'pay', be3: 'pay', eshtery: 'get', eb3at: 'send', irsil: 'send',
  // Arabic in Latin letters with its digits ("7awwel 5 JUP ila USDC"), Turkish "sat" (sell), "satıp" (having sold), "almak" (to
  // get: "50 JUP satıp USDC almak istiyorum").
  '7awwel': 'pay', '7awel': 'pay', '7awil': 'pay', sat: 'pay', satip: 'pay', almak: 'get',
  
  // "punt 0.3 sol on bome", "nuke my popcat bag into usdc", "fling 0.05 sol to <address>": traders' slang ("throw", "toss" swap
  // into a token, "throw 20 usdc into bonk", but also give money to someone: with an address, asked which, VERB_TRAITS `into-only`;
  // "shift" moves money).
  punt: 'pay', nuke: 'pay', smash: 'pay', fling: 'send',
  swap: 'pay', trade: 'pay', exchange: 'pay', convert: 'pay', conversion: 'pay', flip: 'pay', change: 'pay', sell: 'pay',
  dump: 'pay', route: 'pay', rotate: 'pay', turn: 'pay', put: 'pay', throw: 'pay', toss: 'pay', spend: 'pay', use: 'pay', switch: 'pay', cash: 'pay',
  liquidate: 'pay', unload: 'pay', offload: 'pay', trade_in: 'pay', market_sell: 'pay', swop: 'pay',
  buy: 'get', get: 'get', grab: 'get', purchase: 'get', acquire: 'get', ape: 'pay', cop: 'get', scoop: 'get',
  snag: 'get', obtain: 'get', procure: 'get', pick_up: 'get', load_up: 'get', market_buy: 'get', gimme: 'get',
  send: 'send', transfer: 'send', pay: 'send', tip: 'send', give: 'send', move: 'send', wire: 'send',
  withdraw: 'send', forward: 'send', remit: 'send', shoot: 'send', yeet: 'send', gift: 'send', xfer: 'send', drop: 'send',
  diversify: 'pay', split: 'pay', allocate: 'pay', aping: 'pay', yolo: 'pay', swing: 'pay', accumulate: 'get', receive: 'get', take: 'pay', pull: 'pay',
  getting: 'get', purchasing: 'get', grabbing: 'get', acquiring: 'get', nab: 'get', turned: 'pay',
  zap: 'send', beam: 'send', ship: 'send', slide: 'send', fire: 'send', exit: 'pay', dispatch: 'send', disburse: 'send', gets: 'get', receives: 'get',
  // Spanish and Portuguese, as chat mixes them in ("cambia 2 sol por usdc").
  cambia: 'pay', cambiar: 'pay', intercambia: 'pay', intercambiar: 'pay', troca: 'pay', trocar: 'pay', vende: 'pay', vender: 'pay',
  compra: 'get', comprar: 'get', envia: 'send', enviar: 'send', manda: 'send', mandar: 'send', mando: 'send',
  transfiere: 'send', transferir: 'send', transfere: 'send', mandale: 'send', enviale: 'send',
  // Italian, Indonesian, Turkish, and Russian and Arabic in Latin letters: "scambia 2 SOL in USDC", "tukar 100 USDC ke SOL",
  // "USDC'ye çevir", "kupi 3 JTO za USDC", "baddel 1 SOL b USDC".
  scambia: 'pay', scambiare: 'pay', vendi: 'pay', vendere: 'pay', converti: 'pay', invia: 'send', inviare: 'send', tukar: 'pay', jual: 'pay',
  beli: 'get', kirim: 'send', cevir: 'pay', gonder: 'send', yolla: 'send', obmenyai: 'pay', pomenyai: 'pay', kupi: 'get', prodai: 'pay',
  otpravi: 'send', perevedi: 'send', baddel: 'pay', ib3at: 'send', bi3: 'pay', ishtari: 'get',
  // French: "échange 2 SOL contre USDC", "envoie 5 USDC à <address>".
  echange: 'pay', echanger: 'pay', envoie: 'send', envoyer: 'send', achete: 'get', acheter: 'get', vends: 'pay', vendre: 'pay',
  convertis: 'pay', convertir: 'pay',
  tauschen: 'pay', tausche: 'pay', wechseln: 'pay', uberweise: 'send', ueberweise: 'send', senden: 'send', sende: 'send', schick: 'send',
  schicke: 'send', schicken: 'send',
  bhej: 'send', bhejo: 'send', bhejiye: 'send', bhejdo: 'send', 'pa-swap': 'pay', 'pa-send': 'send', pakisend: 'send', 'paki-send': 'send', pakiswap: 'pay', 'paki-swap': 'pay',
  // Vietnamese: "đổi" (exchange), "chuyển" (transfer), "gửi" (send), "mua" (buy), "bán" (sell).
  doi: 'pay', chuyen: 'send', gui: 'send', mua: 'get', ban: 'pay',
  // Other forms: a command never uses them, but a question or a story about one does.
  swapping: 'pay', selling: 'pay', converting: 'pay', exchanging: 'pay', buying: 'get', sending: 'send',
  transferring: 'send', paying: 'send', swapped: 'pay', sold: 'pay', converted: 'pay', exchanged: 'pay', traded: 'pay',
  bought: 'get', sent: 'send', transferred: 'send', paid: 'send', gave: 'send', tipped: 'send',
});

/**
 * What a verb does beyond its role, by lemma:
 * - `sells`: "sell 2 SOL worth of WIF" pays WIF and receives 2 SOL (other verbs of role `pay`
 *   leave "X worth of Y" unclear, and are refused rather than read either way);
 * - `sends-with-address`: "get 3 SOL to <address>" sends; `address-receives`: after an address, names
 *   what it receives ("<address> gets 0.3 SOL"); `only-sends`: never a swap ("tip"), but with
 *   `pays-for` one where no address is named and "for" names what is bought ("pay 20 USDC for WIF");
 * - `asks-info`: "get my balance" is a question; `into-buys`: "ape into WIF" buys WIF;
 * - `guessed`: a purchase read from a loose verb ("grab", "cop"), with CONFIDENCE.guessedVerb;
 * - `other-side`: after "and", the other side of the same swap ("sell 5 JUP and receive USDC");
 * - `marks-output`: right after what is paid, marks what is received ("spend 4 USDC buying WIF");
 * - `opens-chain`: "take 3 USDC and turn it into WIF" is one swap, led by the second verb;
 *   `chain-only`: the verb means nothing alone ("take 3 USDC" could pay or receive);
 * - `into-only`: a swap into a token only ("throw 20 usdc into bonk"); with an address it could send, so it is asked which.
 */
export type VerbTrait = 'sells' | 'sends-with-address' | 'address-receives' | 'only-sends' | 'pays-for' | 'asks-info' | 'into-buys' | 'guessed' | 'other-side' | 'marks-output' | 'opens-chain' | 'chain-only' | 'to-converts' | 'into-only';

export const VERB_TRAITS: Record<string, VerbTrait[]> = table({
  venda: ['sells'], vendez: ['sells'], verkaufe: ['sells'], verkauf: ['sells'], jualin: ['sells'], ibenta: ['sells'], becho: ['sells'],
  bech: ['sells'], prodaj: ['sells'], be3: ['sells'], paga: ['only-sends', 'pays-for'], pagar: ['only-sends', 'pays-for'],
  pague: ['only-sends', 'pays-for'], payer: ['only-sends', 'pays-for'], paie: ['only-sends', 'pays-for'],
  zahle: ['only-sends', 'pays-for'], bezahle: ['only-sends', 'pays-for'], bayar: ['only-sends', 'pays-for'],
  zaplati: ['only-sends', 'pays-for'], sat: ['sells'], satip: ['sells'], almak: ['other-side'],
  
  sell: ['sells'], dump: ['sells'], unload: ['sells'], offload: ['sells'], liquidate: ['sells'], market_sell: ['sells'], cash: ['sells'],
  grab: ['asks-info', 'guessed', 'opens-chain'],
  'give me': ['asks-info', 'guessed'], gimme: ['asks-info', 'guessed'], pull: ['asks-info', 'opens-chain', 'chain-only'],
  cop: ['guessed'], scoop: ['guessed'], snag: ['guessed'], nab: ['guessed'], ape: ['into-buys', 'guessed'],
  pay: ['only-sends', 'pays-for'], tip: ['only-sends'], dispatch: ['only-sends'], disburse: ['only-sends'], give: ['only-sends'],
  zap: ['only-sends'], beam: ['only-sends'], ship: ['only-sends'], slide: ['only-sends'],
  vende: ['sells'], vender: ['sells'], exit: ['sells'], selling: ['sells'], dumping: ['sells'], unloading: ['sells'], offloading: ['sells'],
  receive: ['other-side', 'address-receives'], gets: ['address-receives'], receives: ['address-receives'],
  get: ['sends-with-address', 'asks-info', 'guessed', 'other-side', 'address-receives'],
  buying: ['marks-output'], getting: ['marks-output'], purchasing: ['marks-output'], grabbing: ['marks-output'], acquiring: ['marks-output'],
  take: ['opens-chain', 'chain-only'], use: ['opens-chain'],
  throw: ['into-only'], toss: ['into-only'],
  // "move all my msol back to sol": with no address, "to" a token converts.
  move: ['to-converts'],
});

/** Words that point back at a token or a command already named ("turn it into WIF", "send it to …"). */
export const POINTERS = new Set(['it', 'them', 'that', 'those', 'this', "'em", 'em', 'proceeds']);

/** How sure a reading is: each guess multiplies confidence by its factor. */
export const CONFIDENCE = {
  fuzzyToken: 0.85,
  fuzzyVerb: 0.85,
  fuzzyQueryWord: 0.9,
  /** A small word typed with two letters swapped (TRANSPOSED: "fro", "hlaf"). */
  transposed: 0.9,
  numberWords: 0.97,
  /** "is possible swap 1 sol to bonk? please do it": a question, then the go-ahead. */
  confirmedQuestion: 0.95,
  share: 0.95,
  usd: 0.95,
  noVerb: 0.9,
  followUp: 0.85,
  answer: 0.9,
  guessedVerb: 0.97,
  /** Per word a question leaves unexplained ("what's ray going for"). */
  queryWord: 0.93,
  /** Per clause of chat before a command, read without it ("been watching JUP all week. swap…"). */
  chat: 0.97,
} as const;

/** How sure each reading of a question is, before CONFIDENCE.queryWord per unexplained word. */
export const QUERY_CONFIDENCE = {
  /** "what about USDC?" after a question about another token. */
  askedAgain: 0.9,
  /** "how much SOL do I have": a token, "I" and a balance word. */
  myBalance: 0.97,
  /** "my SOL": a token and "I", nothing of price. */
  mine: 0.9,
  /** "SOL balance". */
  balanceWord: 0.95,
  /** "SOL price", "SOL?", "SOL". */
  price: 0.97,
  /** "SOL in USDC" without "in", "SOL USDC": a price, of the first. */
  priceOfSeveral: 0.8,
  /** "my SOL" that mentions price too. */
  mineAtLast: 0.85,
  /** A token and words that say nothing of what is asked. */
  priceAtLast: 0.8,
  portfolio: 0.95,
  balance: 0.95,
  help: 0.95,
} as const;

/** Verb forms that tell of a past or imagined transaction, never ask for one ("I swapped…", "suppose I sold…"); after "need" or "want" they ask ("I need 1 SOL swapped"). */
export const PAST_FORMS = new Set(['swapped', 'sold', 'converted', 'exchanged', 'traded', 'bought', 'sent', 'transferred', 'paid', 'gave', 'tipped', 'turned']);

/** Verbs of two or three words: the verb of the table above they stand for. */
export const VERB_PHRASES: Array<[string[], string]> = [
  // Vietnamese "chuyển đổi", "quy đổi" (convert), "chuyển khoản", "thanh toán" (transfer, pay).
  [['chuyen', 'doi'], 'doi'], [['quy', 'doi'], 'doi'], [['chuyen', 'khoan'], 'chuyen'], [['thanh', 'toan'], 'chuyen'],
  
  // Turkish "satın al" (buy), where "sat" alone sells.
  [['satin', 'al'], 'buy'],
  [['paper', 'hand'], 'sell'],
  [['pick', 'up'], 'pick_up'],
  [['pick', 'me', 'up'], 'pick_up'],
  [['make', 'it', 'into'], 'turn'],
  [['make', 'them', 'into'], 'turn'],
  [['load', 'up', 'on'], 'load_up'],
  [['load', 'up'], 'load_up'],
  [['cash', 'out'], 'cash'],
  [['take', 'profit', 'on'], 'sell'],
  [['take', 'profits', 'on'], 'sell'],
  [['take', 'profits'], 'sell'],
  [['trade', 'in'], 'trade_in'],
  [['market', 'sell'], 'market_sell'],
  [['market', 'buy'], 'market_buy'],
  [['sell', 'off'], 'sell'],
  [['get', 'rid', 'of'], 'sell'],
  [['buy', 'the', 'dip', 'on'], 'buy'],
  [['get', 'out', 'of'], 'sell'],
  [['get', 'me', 'out', 'of'], 'sell'],
  [['bail', 'out', 'of'], 'sell'],
  [['end', 'up', 'with'], 'receive'],
  [['wind', 'up', 'with'], 'receive'],
];

/** Words of a question that read fuzzily when exactly one edit away ("balence", "portfollio"). */
export const FUZZY_QUERY_WORDS = ['balance', 'balances', 'portfolio', 'holdings', 'price', 'wallet'];

/** Verbs that read fuzzily only when exactly one edit away (typos: "swpa", "sned", "transfr"). */
export const FUZZY_VERBS = ['swap', 'trade', 'exchange', 'convert', 'sell', 'send', 'transfer', 'purchase', 'buy', 'pay'];

/**
 * Common English words one edit from a verb or a token (SCOWL sizes 10 to 35): words of their
 * own, never typos ("say" is not "pay", "bank" is not BONK). test/agent/lexicon.test.ts derives
 * both lists from the word list and fails when the registry or the verbs change them.
 */
export const NOT_VERB_TYPOS = new Set([
  'bay', 'bell', 'bend', 'bud', 'bug', 'bum', 'bun', 'buoy', 'bury', 'bus', 'busy', 'cell', 'concert', 'convent',
  'covert', 'day', 'end', 'fell', 'fend', 'gay', 'grade', 'hay', 'hell', 'jay', 'jell', 'lay', 'lend', 'may', 'mend',
  'nay', 'pad', 'pan', 'pap', 'par', 'pas', 'pat', 'paw', 'play', 'ply', 'pray', 'pry', 'purchaser', 'rend', 'sand', 'sap',
  'say', 'seal', 'seed', 'self', 'shell', 'sill', 'slap', 'smell', 'snap', 'soap', 'spay', 'spell', 'swab', 'swam', 'swamp',
  'swan', 'swat', 'sway', 'swell', 'tell', 'tend', 'tirade', 'trace', 'trader', 'vend', 'way', 'yell',
]);
/** Assets that many wrapped tokens wrap under a one-letter prefix ("jSOL", "tBTC", "weth"): another first letter names another token. */
export const WRAPPED_BASES = new Set(['sol', 'btc', 'eth', 'usd']);
export const NOT_TOKEN_TYPOS = new Set([
  'adrift', 'aloud', 'bank', 'bender', 'boat', 'bode', 'bomb', 'bond', 'bone', 'bony', 'book', 'bore', 'bray', 'bunk',
  'censor', 'clod', 'clouds', 'cloudy', 'clout', 'coat', 'come', 'dome', 'draft', 'drifts', 'etch', 'ether', 'fender', 'fray',
  'gender', 'gig', 'gigs', 'gloat', 'gnat', 'goad', 'goal', 'goats', 'gout', 'hint', 'home', 'honk', 'hunt', 'infinite',
  'info', 'jump', 'loud', 'made', 'marinate', 'mews', 'moat', 'mobiles', 'mode', 'monk', 'myth', 'nether', 'path', 'pray',
  'racy', 'radium', 'rays', 'reader', 'redder', 'renders', 'rift', 'sender', 'sensor', 'soil', 'sold', 'sole', 'solo', 'soul',
  'tender', 'tenor', 'tenser', 'tensors', 'tethers', 'tome', 'tray', 'waif', 'wean', 'went', 'when', 'wormholes', 'wren',
]);

/** Other tokens' tickers one edit from a registry symbol ("peng" is no PENGU, "bonke" no BONK): never read as a typo. */
export const OTHER_TICKERS = new Set(['peng', 'bonke']);

/**
 * What a preposition marks. `out`: the token received ("for", "to", "into", "on" after
 * spend); `in`: the token paid ("with", "using", "from"); `of`: binds a token to the amount
 * before it ("$25 of SOL", "half of my USDC"); `worth`: "3 SOL worth of JUP" (the amount's
 * token is paid, the next token received); `denominated`: "in", which binds a token to a bare
 * amount before it ("$15 in USDC") and elsewhere marks what is received ("1 SOL in USDC").
 */
export type Marker = 'out' | 'in' | 'of' | 'worth' | 'to' | 'denominated';

/** The `out` markers that, after a purchase, name its price ("buy 100 BONK for 2 USDC"); any other ("into") is refused there. */
export const PRICE_MARKERS = new Set(['for', 'in exchange for', 'in return for', 'in return', 'in exchange', 'against', 'za', 'por', 'gegen', 'fur', 'pour', 'b', 'bi']);

export const MARKERS: Record<string, Marker> = table({
  // Other languages' "with" (paid) and "for", "into" (received): "troca 2 sol pra usdc", "kaufe 100 bonk mit usdc".
  pour: 'out', vers: 'to', pra: 'out', usando: 'in', mit: 'in', gegen: 'out', fur: 'out', untuk: 'out', jadi: 'out', thanh: 'out', gamit: 'in', ma3: 'in', 
  
  for: 'out', into: 'out', in: 'denominated', em: 'denominated', on: 'out', towards: 'out', between: 'out', among: 'out', 'in exchange for': 'out', 'in return for': 'out',
  'in return': 'out', 'in exchange': 'out', against: 'out', para: 'out', zu: 'out', contre: 'out', en: 'out', 'so that i get': 'out', 'so that i receive': 'out',
  to: 'to', ot: 'to', naar: 'to', pro: 'to', sang: 'to', cho: 'to', ke: 'to', za: 'out', por: 'out',
  with: 'in', using: 'in', from: 'in', via: 'in', con: 'in', com: 'in', avec: 'in', pake: 'in', pakai: 'in', dengan: 'in', bang: 'in', 'paying with': 'in', 'pay with': 'in', 'pay using': 'in', 'paying using': 'in', 'pay in': 'in', 'paying in': 'in', 'i pay': 'in', 'i pay with': 'in', "i'll pay with": 'in', 'i will pay with': 'in', 'out of': 'in', outta: 'in',
  of: 'of',
  worth: 'worth', 'worth of': 'worth', 'worth in': 'worth',
});

/**
 * People named as words ("my sister", "his boss"): fillers where they only say who ("send it to my brother <address>"), and
 * read by the parser's rules where they name a second recipient or someone else acting (RULE_WORDS.people).
 */
const PEOPLE = [
  'sister', 'brother', 'mom', 'dad', 'mother', 'father', 'wife', 'husband', 'friend', 'son', 'daughter', 'cousin', 'uncle', 'aunt',
  'grandma', 'grandpa', 'girlfriend', 'boyfriend', 'partner', 'colleague', 'roommate', 'bestie', 'boss', 'niece', 'nephew',
  'bruv', 'brah', 'broski', 'dawg', 'homie', 'boy', 'girl', 'guy', 'sis', 'gf', 'bf', 'mum', 'grandson', 'granddaughter', 'grandmother',
];

/**
 * Words that carry no slot: politeness, fillers, articles, pronouns, chat noise. Checked after
 * every other table, so a verb, a marker or a token never reads as filler.
 */
export const FILLERS = new Set([
  // Texting's agreement, reactions and address ("aight", "sgtm", "np", "bruv").
  'aight', 'ight', 'alrighty', 'righto', 'okie', 'dokie', 'yea', 'ye', 'yeh', 'yessir', 'mhm', 'fosho', 'def', 'defo', 'frfr', 'ong', 'oh',
  'deadass', 'lowkey', 'highkey', 'imho', 'fwiw', 'fyi', 'smh', 'iykyk', 'ikr', 'noice', 'sweet', 'dope', 'lit', 'perf', 'perfect', 'sgtm',
  'lgtm', 'np', 'nw', 'ez', 'ezpz', 'welp', 'phew', 'yikes', 'sheesh', 'lolol', 'lmaoo',
  'innit', 'tgif',
  
  // Other languages' please, thanks, greetings, "my", "I want", "now" and "today" as chat mixes them in ("tolong tukar 2 sol ke usdc").
  'porfavor', 'porfis', 'xfa', 'plis', 'perfavore', 'tolong', 'mohon', 'lutfen', 'pozhaluysta', 'pozhalujsta', 'kripya', 'paki', 'biko',
  'obrigada', 'obg', 'vlw', 'makasih', 'terima', 'kasih', 'tesekkurler', 'sagol', 'camon', 'dhanyavad', 'shukriya', 'sps', 'vielen',
  'dank', 'beaucoup', 'oi', 'eae', 'coucou', 'buongiorno', 'buonasera', 'salve', 'halo', 'merhaba', 'selam', 'privet', 'salam', 'marhaba',
  'ahlan', 'yaar', 'bhaiya', 'habibi', 'akhi', 'yalla', 'bratan', 'mano', 'mi', 'mis', 'le', 'les', 'minhas', 'meus', 'mia', 'miei',
  'meine', 'meinen', 'meiner', 'meinem', 'moi', 'moy', 'moyu', 'mera', 'mere', 'meri', 'bta3i', 'beta3i', 'benim', 'quisiera', 'gostaria',
  'preciso', 'je', 'veux', 'voudrais', "j'aimerais", 'voglio', 'vorrei', 'ich', 'mochte', 'brauche', 'ingin', 'pengen', 'butuh',
  'istiyorum', 'hochu', 'nuzhno', 'mne', 'mujhe', 'chahiye', 'chahta', 'gusto', 'kailangan', 'baddi', 'bidi', 'ayez', 'hoy', 'hoje',
  'oggi', 'heute', 'ahora', 'agora', 'adesso', 'jetzt', 'maintenant', 'sekarang', 'skrg', 'abhi', 'seychas', 'ngayon',
  
  'please', 'pls', 'plz', 'plx', 'kindly', 'can', 'could', 'would', 'will', "i'll", "we'll", 'you', 'u', 'ya', 'i', 'me', 'we', 'us', 'want',
  'wanna', 'need', 'like', 'id', "i'd", 'lets', "let's", 'let', 'go', 'ahead', 'just', 'do', 'it', 'that', 'thats', 'this', 'real',
  'quick', 'quickly', 'now', 'right', 'away', 'asap', 'rn', 'immediately', 'hey', 'hi', 'hello', 'yo', 'ok', 'okay', 'thanks',
  'thank', 'thx', 'ty', 'tysm', 'cheers', 'bro', 'ser', 'fren', 'mate', 'man', 'dude', 'sir', 'pal', 'buddy', 'the', 'a', 'an',
  'some', 'my', 'mine', 'our', 'tokens', 'token', 'coins', 'coin', 'amount', 'gm', 'lol', 'cool', 'great', 'good',
  'nice', 'awesome', 'yeah', 'yes', 'yep', 'sure', 'alright', 'so', 'um', 'uh', 'ah', 'ugh', 'hmm', 'well', 'btw', 'imma', "i'm", 'im', 'am',
  'gonna', 'going', 'trying', 'try', 'attempt', 'assist', 'looking', 'wallet', 'account', 'funds', 'balance', 'bag', 'be', 'is', 'are', 'at',
  'current', 'market', 'rate', 'price', 'best', 'instant', 'shall', 'directly', 'straight', 'over', 'out', 'them', 'those',
  'these', 'there', 'address', 'recipient', 'destination', 'here', 'appreciated', 'appreciate', 'tx', 'transaction', 'order',
  'up', 'total', 'available', 'spare', 'extra', 'currently', 'held', 'remaining', 'left', 'something', 'kthx', 'thanks!', 'fast',
  'pronto', 'today', 'again', 'swiftly', 'bruh', 'fam', 'gang', 'frens', 'anon', 'actually', 'instead', 'but', 'parley', 'lemme',
  'exactly', 'precisely', 'enough', 'owe', 'priority', 'high', 'holdings', 'have', 'hold', 'own', 'got', 'holding', 'lfg', 'fr', 'wish',
  'make', 'possible', 'very', 'much', 'cold', 'hot',
  'main', 'ledger', 'phantom', 'backpack', 'solflare', 'trezor', 'savings', 'vault', 'personal', 'back', 'it', 'ngl', 'tbh', 'imo', 'help',
  'its', "it's", 'his', 'their', 'hers',
  'por', 'favor', 'bitte', 'gracias', 'merci', 'danke', 'grazie', 'obrigado', 'dear', 'request', 'regards', 'sorry', 'bother',
  'really', 'hope', 'wonderful', 'advance', 'tolerance', 'beneficiary', 'units', 'unit', 'wanting', 'position', 'connected', 'sitting',
  'afk', 'brb', 'gg', 'only', 'tiny', 'rq',
  // Slang and other languages' politeness: "abeg" (Nigerian Pidgin), "porfa" (Spanish), "po" and "salamat" (Tagalog).
  'oops', 'whoops', 'sry', 'meant', 'fine', 'ma', 'abeg', 'porfa', 'po', 'salamat', 'damn', 'freaking', 'frickin', 'bloody', 'nfa', 'dyor', 'wagmi',
  // "usdc obv", "eh like 30": sure-of-it and hesitation sounds.
  'obv', 'obvi', 'obviously', 'ofc', 'eh', 'ehh', 'meh',
  // "oga", "oya" (Nigerian Pidgin), "naman" (Tagalog), "valeu", "quero" (Portuguese), "bhai", "kar", "karo", "dena" (Hindi).
  'oga', 'oya', 'naman', 'valeu', 'quero', 'bhai', 'kar', 'karo', 'kardo', 'dena', 'hurry', 'love',
  // "necesito", "quiero" (Spanish: "I need", "I want"), "giúp mình", "nha", "xem", "kiểm tra", "muốn" (Vietnamese: "for me", a softener,
  // "see", "check", "want"), "ng" (Tagalog), "idc" ("i don't care").
  // Other languages' words between a verb's tokens, read by the pair after the verb ("7awwel 5 JUP ila USDC"), and their
  // politeness: Indonesian, Russian and Arabic in Latin letters, Italian, Portuguese, Turkish. (Their "to" and "for" are MARKERS.)
  'ila', 'per', 'favore', 'grazie', 'pfv', 'pozhaluista', 'spasibo', 'shukran', 'gan', 'aku',
  'kanka', 'mes', 'du', 'il', 'mio', 'cek', 'el', 'taba3i', 'sama7t',
  // "tukar 1 SOL ke USDC dong", "saya mau beli …" (Indonesian: a softener, "I want"), "meu", "minha", "eu" (Portuguese: "my", "I"),
  // "euh" (French: a hesitation), "adresine" (Turkish: "to the address", after it).
  'dong', 'mau', 'meu', 'minha', 'euh', 'adresine',
  // "3ayez", "ana" (Egyptian: "I want", "I"), "dlwa2ty", "7alan" (now), "hemen", "şimdi" (Turkish: right away, now), "jaldi"
  // (Hindi: quickly).
  '3ayez', '3ayza', '3awez', '3awza', 'ana', 'dlwa2ty', '7alan', 'hemen', 'simdi', 'jaldi',
  // Hindi's politeness and "do" after the verb ("bhej dijiye", "convert kr do").
  'dijiye', 'dijie', 'kr', 'krdo', 'krna',
  'necesito', 'quiero', 'giup', 'minh', 'nha', 'nhe', 'ng', 'xem', 'kiem', 'tra', 'muon', 'biet', 'phai', 'idc',
  // "another 50 USDC" is the amount said; dictation says its punctuation ("… comma thanks").
  'another', 'comma', 'period', 'stack', 'stash',
  // Vague quantities: no amount at all, so the frame asks for one.
  'few', 'bunch', 'bit', 'little', 'couple', 'several', 'handful', 'lots', 'already', 'first', 'lot', 'small', 'try', 'test', 'out', 'as',
  // …in other languages: "thoda", "kuch" (Hindi), "biraz" (Turkish), "quelques"; "un poco de SOL" only before its token
  // (RULE_WORDS.vagueBeforePartitive: "en un poco" is "in a bit").
  'thoda', 'thodi', 'kuch', 'biraz', 'quelques', 'algunos', 'alguns',
  'grandson', 'granddaughter', 'family', 'kid', 'kids', 'uhh', 'umm',
  'er', 'erm', 'hm', 'hmmm', 'haha', 'hahaha', 'lmao', 'lmfao', 'rofl', 'xd', 'hehe', 'same', 'more', 'him', 'her', 'friends',
  'chief', 'king', 'legend', 'homie', 'plss', 'plzz', 'pleaseee', 'pleasee', 'thankyou', 'tyvm', 'kthxbai',
  ...PEOPLE,
]);

/** Negations: a command with one never becomes a transaction ("don't send…", "do not swap"). */
export const NEGATIONS = new Set(['ga', 'niemals', 'khong', 'dung', 'chua', 'jgn', 'gausah', 'nelzya', 'balash', 'mish', 'msh', 'dont', "don't", 'do not', 'not', 'never', 'no', 'nope', "shouldn't", 'shouldnt', "won't", 'wont', 'stop', 'avoid', 'without', 'nor', "didn't", 'didnt', "doesn't", "can't", 'cant', 'cannot', 'neither',
  "isn't", 'isnt', "aren't", 'arent', "wasn't", 'wasnt', "weren't", 'werent', "hasn't", 'hasnt', "haven't", 'havent', "hadn't", "ain't",
  // Other languages' negations, as chat mixes them in with the verbs above: French, Spanish, Portuguese, Italian, German,
  // Indonesian, Turkish, Russian in Latin letters, Hindi, Tagalog.
  'ne', 'pas', 'jamais', 'nunca', 'jamas', 'nao', 'non', 'nicht', 'kein', 'keine', 'nie', 'tidak', 'jangan', 'gak', 'nggak', 'yapma',
  'etme', 'degil', 'net', 'nikogda', 'nahi', 'nahin', 'huwag', 'wag', 'belum',
  // Turkish verbs said with their negative suffix ("satma": don't sell, "çevirmeyin", "istemiyorum": I don't want), Hindi
  // "mat" (don't), Egyptian "mesh".
  'satma', 'satmayin', 'cevirme', 'cevirmeyin', 'gonderme', 'gondermeyin', 'yollama', 'yollamayin', 'alma', 'almayin', 'degistirme',
  'degistirmeyin', 'istemiyorum', 'mat', 'mesh', 'mosh',
]);

/** A question about a command rather than the command itself ("how do I swap…", "should I…"). */
export const QUESTION_OPENERS: string[][] = [
  ['how', 'do'], ['how', 'does'], ['how', 'can'], ['how', 'would'], ['how', 'should'], ['how', 'to'], ['how', 'much', 'would'],
  ['how', 'much', 'will'], ['how', 'many', 'would'], ['how', 'could'], ['how', 'i'], ['how', 'will'],
  ['should', 'i'], ['should', 'we'], ['shall', 'i'], ['is', 'it'], ['is', 'this'], ['is', 'that'], ['is', 'now'], ['are', 'there'],
  ['would', 'it'], ['would', 'that'], ['would', 'swapping'], ['would', 'selling'], ['would', 'buying'], ['would', 'sending'],
  ['will', 'swapping'], ['will', 'selling'], ['will', 'buying'], ['will', 'sending'], ['does', 'sending'], ['does', 'selling'], ['does', 'buying'],
  ['will', 'it'], ['do', 'you', 'think'], ['what', 'happens'], ['what', 'would'], ['what', 'will'], ['why'], ['when', 'should'],
  ['whats', 'the', 'best', 'way'], ["what's", 'the', 'best', 'way'], ['what', 'is', 'the', 'best', 'way'], ['is', 'swapping'],
  ['is', 'sending'], ['is', 'buying'], ['is', 'selling'], ['does', 'it'], ['does', 'swapping'], ['do', 'i', 'need'],
  ['what', 'do', 'i', 'need'], ['whats', 'the', 'fee'], ["what's", 'the', 'fee'], ['what', 'are', 'the', 'fees'],
  ['do', 'i', 'have', 'enough'], ['is', 'there', 'enough'], ['can', 'i', 'afford'], ['how', 'long'], ['can', 'you', 'explain'], ['could', 'you', 'explain'], ['explain'], ['tell', 'me', 'how'], ['show', 'me', 'how'],
  ['teach', 'me'], ['is', 'there', 'a', 'way'], ['any', 'idea'], ['wondering'], ['i', 'wonder'], ['was', 'wondering'],
  ['good', 'idea'], ['worth', 'it'], ['am', 'i', 'able'], ['are', 'you', 'able'], ['what', 'does'], ['what', 'is', 'a'],
];

/** Single words that make a message a question about a command wherever they stand. */
export const QUESTION_WORDS = new Set(['whether', 'explain', 'tutorial', 'guide', 'steps', 'instructions', 'advice', 'recommend', 'recommendation', 'opinion', 'thoughts', 'advisable', 'wise', 'smart', 'worthwhile', 'profitable']);

/** Hypotheticals ("what if I swapped…", "imagine sending…"): never a transaction. */
export const HYPOTHETICALS: string[][] = [
  ['what', 'if'], ['imagine'], ['suppose'], ['supposing'], ['hypothetically'], ['hypothetical'], ['thought', 'experiment'], ['roleplay'], ['role', 'play'], ['role-play'], ['daydreaming'], ['rhetorical'], ['rhetorically'], ['theoretical'], ['bet', 'you'], ['dare', 'you'], ['practice', 'mode'], ['yeah', 'right'], ['hypothetisch'], ['hipoteticamente'], ['hypothetiquement'], ['ipoteticamente'], ['gipoteticheski'], ['pretend'], ['were', 'to'],
  ['would', 'have'], ["would've"], ['could', 'have'], ["could've"], ['if', 'i', 'were'], ['if', 'i', 'had'], ['say', 'i'],
  ['in', 'theory'], ['theoretically'], ['just', 'curious'], ['curious'], ['let', 'us', 'say'], ["let's", 'say'], ['lets', 'say'],
  ['what', 'about', 'if'], ['if', 'i'], ['if', 'we'], ['simulate'], ['simulating'], ['simulation'], ['simulated'], ['jk'], ['kidding'], ['joking'], ['psych'], ['sike'], ['syke'], ['april', 'fools'], ['or', 'hold'], ['or', 'not'], ['wdyt'], ['y/n'], ['wish', 'i', 'could'], ['price', 'to'], ['sarcasm'], ['sarcastic'], ['trolling'], ['troll'], ['dry', 'run'], ['test', 'run'], ['worth', 'it'],
  // A trade practised, not made, or a decision not made ("paper trade, swap …", "on the fence, swap …").
  ['paper', 'trade'], ['paper', 'trading'], ['papertrade'], ['backtest'], ['sandbox'], ['not', 'live'], ['practice', 'run'], ['for', 'practice'], ['dry-run'], ['dryrun'],
  ['jkjk'], ['jkk'], ['on', 'the', 'fence'], ['sleep', 'on', 'it'], ['idk', 'yet'], ['actually', 'hold'], ['nah', 'hold'],
  // "i'd sell 2 SOL", "id swap 3 SOL for JUP": the action wondered about, not asked for ("i'd like to swap" asks).
  ...["i'd", 'id'].flatMap((hedge) => ['swap', 'send', 'sell', 'buy', 'trade', 'convert', 'transfer', 'exchange'].map((verb) => [hedge, verb])),
];

/** Times and conditions: unsupported, and never dropped silently ("swap … tomorrow"). */
export const TIME_WORDS = new Set([
  // Other languages' times and conditions ("…, cuando baje", "quand le sol baisse, …", "kalo turun, …", "…, bukra").
  'cuando', 'quando', 'quand', 'lorsque', 'sobald', 'nachher', 'nacht', 'bevor', 'bis', 'tard', 'tardi', 'hasta', 'antes', 'mientras',
  'enquanto', 'caso', 'appena', 'stanotte', 'ntar', 'ketika', 'kalo', 'klo', 'setelah', 'sebelum', 'sampai', 'malam', 'lusa', 'aksam',
  'gece', 'mai', 'sau', 'khi', 'neu', 'kapag', 'pag', 'mamayang', 'jab', 'raat', 'shaam', 'kogda', 'esli', 'pozzhe', 'vecherom', 'bukra',
  'bokra', 'ba3den', 'lamma', 'iza', 'eza', 'tumoro', 'tmoro', 'nachste', 'nachsten', 'naechste', 'naechsten', 'woche', 'wochen',
  'setiap', 'minggu', 'mahine', 'ogni', 'settimana', 'kazhdyy', 'kazhdyi', 'mesyats', 'nedelyu', 'linggu-linggo', 'linggo',
  
  'tomorrow', 'tonight', 'tonite', '2morrow', 'later', 'soon', 'tmrw', 'tmr', 'tmw', 'yesterday', 'weekly', 'daily', 'hourly', 'monthly', 'yearly',
  'annually', 'every', 'each', 'whenever', 'when', 'once', 'if', 'unless', 'until', 'till', 'til', 'after', 'before', 'afterwards',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'weekend', 'morning', 'evening', 'afternoon',
  'midnight', 'noon', 'eod', 'eow', 'schedule', 'scheduled', 'recurring', 'repeatedly', 'wen', 'next', 'pm',
  'o\'clock', 'oclock', 'minutes', 'minute', 'mins', 'min', 'hours', 'hour', 'hrs', 'hr', 'days', 'day', 'weeks', 'week',
  'months', 'month', 'automatically', 'auto', 'dip', 'dips', 'hits', 'reaches', 'drops', 'pumps', 'moons', 'falls', 'rises',
  'above', 'below', 'under', 'timer', 'delay', 'delayed', 'meanwhile', 'whilst', 'while',
  // Other languages' times and conditions: French, Spanish, Portuguese, Italian, German, Indonesian, Turkish, Russian in
  // Latin letters, Hindi, Tagalog ("demain matin, échange 2 SOL contre USDC" is scheduled).
  'demain', 'soir', 'matin', 'manana', 'noche', 'amanha', 'noite', 'domani', 'stasera', 'sera', 'morgen', 'abend', 'besok', 'nanti',
  'yarin', 'sonra', 'zavtra', 'potom', 'kal', 'baad', 'bukas', 'mamaya', 'si', 'wenn', 'falls', 'se', 'kalau', 'jika', 'eger', 'agar', 'kung',
  // Moments to wait for: "overnight", "at tge", "in december".
  'overnight', 'tomoz', 'ltr', 'arvo', 'cob', 'listing', 'tge', 'unlock', 'epoch', 'january', 'february', 'march', 'april',
  'june', 'july', 'august', 'september', 'october', 'november', 'december', 'christmas', 'xmas',
  // "… in case he asks", "… in the future", "… in installments": conditions and times after a recipient.
  'case', 'future', 'eventually', 'someday', 'sometime', 'installments', 'installment',
  // "…, luego", "…, später", "… tbd": later in other languages, and a time still to be decided.
  'luego', 'despues', 'spater', 'apres', 'dopo', 'depois', 'tbd', 'pending',
  // "Upon approval, …", "Assuming gas is low, …", "…, depending on gas", "…, contingent on his reply", "Provided the fees are low.": conditions.
  'upon', 'assuming', 'depending', 'contingent', 'conditional', 'awaiting', 'provided', 'providing',
]);

/** Words before an amount that leave it undecided ("maybe 2 SOL"): an amount to guess, so refused; "maybe like 2" is a hedge (ASIDES). */
export const APPROXIMATE = new Set(['maybe']);

/** A message that shows a command rather than asks for one ("Example: swap…", "repeat after me: …"). */
export const SHOWN_NOT_ASKED = [
  'example', 'examples', 'e.g', 'eg', 'for instance', 'tutorial', 'sample', 'template', 'repeat after me', 'user says', 'the docs say', 'syntax',
  'translate', 'translated', 'translation', 'fwd', 'forwarded', 'what does this mean', 'what does this do', 'meaning of', 'quote',
  'usage', 'someone told me', 'somebody told me', 'they said', 'he said', 'she said', 'they say', 'he says', 'she says',
  'according to', 'note to self', 'reminder', 'draft', 'preview', 'the bot said', 'bot said', 'tldr', 'tl;dr', 'i.e',
  // "e.g. swap …" as the words of the message read it (punctuation left out), "something like swap …", "step 1: swap …".
  'e g', 'i e', 'something like', 'step',
];

/** Labels before a colon that show a command as a plan, an option or a record rather than ask for it ("Scenario: swap …", "What I did: send …"). */
export const SHOWN_LABELS = new Set([
  'scenario', 'option', 'idea', 'history', 'recap', 'receipt', 'log', 'plan', 'proposal', 'goal', 'strategy', 'wishlist', 'dream', 'did',
  'backtest', 'transcript', 'hypothesis', 'todo', 'case', "yesterday's", "tomorrow's", 'yesterday', 'quiz', 'homework',
  'exercise', 'prediction', 'question', 'q', 'alternative', 'fallback', 'suggestion', 'tip', 'rule', 'memo', 'maybe', 'paper', 'said', 'says',
  'user', 'assistant', 'me',
]);

/** A label that says someone asked the sender to pass a command on ("my wife asked me to tell you: swap …"). */
export const RELAYED_ASKS: string[][] = [['asked', 'me', 'to'], ['asks', 'me', 'to'], ['wants', 'me', 'to'], ['wanted', 'me', 'to'], ['begged', 'me', 'to']];
/** Before a colon, words that say someone else gave the command ("he told me to type this exactly:", "my friend texted:"): a label of any length. */
export const RELAYED_LABELS = new Set(['told', 'texted', 'messaged', 'dmed', "dm'd", 'emailed', 'instructed', 'dictated', 'forwarded', 'copied', 'copypasted', 'copy-pasted']);

/**
 * Right before a colon, a word that points at the command it introduces ("… this:", "… the following:") may say anything of it
 * ("Do the reverse of this:", "A guy on Telegram said to do this:"). Ending so, the words before the colon may only frame the
 * request (`FRAMINGS`: "Please do this:", "Can you do the following for me:", "ok let's try it:"), a list of what is harmless.
 */
export const INTRODUCING_POINTERS = new Set(['this', 'these', 'them', 'following', 'below']);
export const FRAMINGS = new Set([
  'please', 'pls', 'plz', 'kindly', 'can', 'could', 'would', 'will', 'you', 'u', 'do', 'this', 'these', 'it', 'the', 'following', 'below',
  'for', 'me', 'us', 'here', "here's", 'heres', 'is', 'are', 'what', 'i', "i'd", 'id', 'want', 'wanna', 'need', 'like', 'my', 'ok', 'okay',
  'so', 'and', 'just', "let's", 'lets', 'let', 'go', 'ahead', 'help', 'with', 'now', 'right', 'quick', 'request', 'task', 'order', 'one',
  'try', 'give', 'a', 'shot',
]);

/** Attempts to change how the agent works; a message with one is refused whatever follows. */
export const INJECTIONS = [
  'you are now', 'ignore your', 'ignore all', 'ignore previous', 'ignore the previous', 'ignore prior', 'no rules', 'system prompt', 'developer mode',
  'jailbreak', 'pretend you', 'act as', 'disregard', 'override', 'admin mode', 'god mode', 'dan',
];

/** Words before a noun ("my wallet", "that trade": a verb after one is a noun). */
export const DETERMINERS = new Set(['my', 'a', 'an', 'the', 'your', 'our', 'his', 'her', 'their', 'this', 'that', 'one']);

/** People as chat names them: the lexicon's PEOPLE and words that name a person only beside "my" ("my bro", "my kid"). */
const PERSONS = [...PEOPLE, 'friends', 'grandson', 'granddaughter', 'kid', 'kids', 'pal', 'bro', 'dude', 'mate', 'sis'];

/**
 * Words naming a wallet other than the session's, where they say the funds come from ("send 1 SOL
 * to … from my other wallet", "use my ledger's USDC"). Parley builds from the session's wallet
 * only, so such a command is refused rather than built from this one.
 */
export const OTHER_SOURCES = {
  /** Words before the source that say it pays ("from", "out of", "with my cold wallet"). */
  openers: new Set(['from', 'out of', 'with', 'using', 'use', 'via', 'through', 'on', 'in', 'off']),
  /** Before one of `words`, words that make it where the funds go ("… into my vault", "… to my ledger"): a swap's never another wallet. */
  destinations: new Set(['to', 'into']),
  determiners: DETERMINERS,
  /** Before a possessive, words that make it the recipient ("to my mom's wallet"). */
  recipientMarkers: new Set(['to', 'for']),
  /** Before a possessive, beside a transfer, words that say whose the recipient's wallet is ("<address> is my friend's wallet"). */
  identifying: new Set(['is', "that's", 'thats', "it's", 'its', "here's", 'heres']),
  /** After "from" beside an address, what points back at it ("<address>, send 2 SOL from it"); "from this wallet" is the session's own. */
  pointedAt: new Set(['it', 'that', 'them', 'those', "'em", 'em']),
  /** …unless the message says where funds come from at all. */
  sourceMarkers: new Set(['from', 'out', 'out of', 'using', 'use', 'via', 'through']),
  /** After the wallet, words that give its address: "my sister's wallet is <address>" names the recipient. */
  addressGivers: new Set(['is', ':', '=', 'address', 'addy']),
  /** Someone's address ("this is my friend's address <address>") is where funds go, unless said as the source ("from my friend's address"). */
  addressNouns: new Set(['address', 'addy', 'addr']),
  /** Someone else's, before a wallet or funds ("from his wallet", "using their funds"; "send her 5 USDC" pays her). */
  pronouns: new Set(['his', 'her', 'their']),
  /** Before a person named as another recipient ("… or to my friend"). */
  recipientLeads: new Set(['to', 'my', 'his', 'her', 'our', 'their']),
  /** Right after a verb of buying, who it is for ("get him 100 BONK"): someone else, whom a swap cannot pay. */
  beneficiaries: new Set(['him', 'her', 'them']),
  /** …or after "my" ("buy my mom 50 USDC", "sell my bro 2 SOL"). */
  persons: new Set(PERSONS),
  /** …or after "of", right after what is paid ("send 25 USDC of his to …"). */
  ofTheirs: new Set(['his', 'hers', 'theirs', 'her', 'their']),
  /** Someone else's, right before an amount or a token ("swap his 2 SOL", "send their USDC to …"). */
  theirs: new Set(['his', 'their', 'theirs']),
  /** …and beside a swap, where no one is paid, "her" too ("My mom gave me her SOL to trade."). */
  theirsBesideSwap: new Set(['his', 'her', 'their', 'theirs']),
  /** …and anywhere right after one of these, where "her" cannot be whom a transfer pays ("My mom gave me her SOL to trade."). */
  givenTo: new Set(['me', 'us']),
  /** Before "my" and funds, words that disown them ("It's not my money."). */
  disowning: new Set(['not', "isn't", 'isnt', "aren't", 'arent', 'never']),
  /** Before someone else's funds, words that say whose the command's are ("…, it's her money", "…, that's their SOL"). */
  owning: new Set(["it's", 'its', 'is', "that's", 'thats', 'are']),
  /** After someone's, what of theirs could pay (besides a token or a wallet): "my cousin's wedding" names nothing that pays. */
  funds: new Set(['funds', 'money', 'stash', 'bag', 'bags', 'coins', 'tokens', 'balance', 'crypto', 'savings', 'holdings', 'stack']),
  /** Quoted with the source in the reply ("from my other wallet"). */
  nouns: new Set(['wallet', 'account', 'one', 'address', 'acct']),
  words: new Set([
    'other', 'another', 'second', '2nd', 'different', 'old', 'new', 'cold', 'hardware', 'ledger', 'trezor', 'alt', 'burner', 'backup',
    'savings', 'vault', 'secondary', 'exchange', 'cex', 'binance', 'coinbase', 'kraken', 'bybit', 'okx',
    // "take 10 usdc out of my position": funds held in a position elsewhere (a perp, a pool, a lending app).
    'position', 'positions',
    // Someone else's funds ("use my mom's USDC", "swap my homie's 2 SOL"); to them ("to my mom's wallet <address>") they are the recipient.
    ...PERSONS,
    // Wallets shared with others ("from the treasury", "off our multisig").
    'multisig', 'squads', 'treasury',
  ]),
};

/** Words that make a clause a story of the past ("been watching it all week"): its time words schedule nothing. */
export const PAST_MARKERS = new Set([
  'been', 'was', 'were', 'did', 'had', 'ago', 'yesterday', 'last', 'earlier', 'used', 'went', 'lost', 'bought', 'sold', 'saw', 'watched',
  // Verbs of the past a story tells with ("I got paid today.", "I woke up late."): never one that
  // reports someone's word ("said", "told"), which a request may follow.
  'got', 'made', 'took', 'came', 'heard', 'felt', 'spent', 'found', 'won', 'woke', 'met', 'ate', 'started', 'finished', 'moved', 'missed', 'happened',
]);

/** Words naming another chain; "on X", "to X chain" or an 0x address mean the command is not for Solana ("bridge" is UNSUPPORTED). */
export const OTHER_CHAINS = new Set([
  'ethereum', 'arbitrum', 'optimism', 'polygon', 'matic', 'bsc', 'bnb', 'binance', 'avalanche', 'avax', 'tron', 'trx', 'bitcoin',
  'sui', 'aptos', 'ton', 'near', 'cosmos', 'zksync', 'linea', 'scroll', 'blast', 'fantom', 'cronos', 'celo', 'sei', 'hyperliquid',
  'berachain', 'monad', 'starknet', 'mantle', 'gnosis', 'polkadot', 'cardano', 'ada', 'xrp', 'ripple', 'litecoin', 'dogecoin',
  'mainnet-eth', 'l2', 'evm', 'erc20', 'erc-20', 'bep20', 'bep-20', 'trc20', 'trc-20', 'cross-chain',
  'crosschain', 'mayan', 'debridge', 'allbridge', 'eth-mainnet', 'op', 'arb', 'base', 'cctp',
  // Other chains' testnets ("send 0.0001 ETH on sepolia to …"), and more chains by name.
  'sepolia', 'goerli', 'holesky', 'mumbai', 'amoy', 'zora', 'unichain', 'taiko', 'metis', 'moonbeam', 'injective', 'osmosis',
  'pulsechain', 'hedera', 'algorand', 'stellar', 'tezos', 'kaspa',
  // Chains that run Solana's virtual machine apart from Solana ("He's on Eclipse.").
  'eclipse', 'sonic', 'fogo',
]);

/** Chain names that are also ordinary words or tokens: another chain only after on/to/via or before chain/network. */
export const AMBIGUOUS_CHAINS = new Set(['base', 'op', 'arb', 'near', 'ton', 'sei', 'blast', 'scroll', 'avax', 'bnb', 'ada', 'xrp', 'matic', 'trx', 'bitcoin', 'celo', 'mantle', 'linea', 'monad', 'sui', 'aptos', 'cosmos', 'polygon', 'ethereum', 'optimism', 'arbitrum', 'avalanche', 'binance', 'fantom', 'cronos', 'gnosis', 'polkadot', 'cardano', 'ripple', 'litecoin', 'dogecoin', 'tron', 'starknet', 'zksync', 'berachain', 'hyperliquid']);

/** Words naming features Parley does not offer, with how to say so. */
export const UNSUPPORTED: Array<[string[], string]> = [
  [['bridge'], 'bridging to other chains'], [['bridging'], 'bridging to other chains'], [['stake'], 'staking'], [['staking'], 'staking'], [['unstake'], 'staking'], [['restake'], 'staking'], [['delegate'], 'staking'],
  [['lend'], 'lending and borrowing'], [['borrow'], 'lending and borrowing'], [['loan'], 'lending and borrowing'], [['repay'], 'lending and borrowing'],
  [['nft'], 'NFTs'], [['nfts'], 'NFTs'], [['mint', 'an'], 'minting'], [['mint', 'a'], 'minting'], [['mint', 'me'], 'minting'],
  [['limit', 'order'], 'limit orders'], [['limit', 'orders'], 'limit orders'], [['stop', 'loss'], 'stop-loss orders'], [['take', 'profit'], 'take-profit orders'],
  [['leverage'], 'leveraged trading'], [['leveraged'], 'leveraged trading'], 
  [['perp'], 'leveraged trading'], [['perps'], 'leveraged trading'], [['futures'], 'leveraged trading'], [['margin'], 'leveraged trading'],
  [['10x'], 'leveraged trading'], [['5x'], 'leveraged trading'], [['2x'], 'leveraged trading'], [['3x'], 'leveraged trading'], [['20x'], 'leveraged trading'], [['100x'], 'leveraged trading'],
  [['dca'], 'recurring orders'], [['claim'], 'claiming airdrops or rewards'], [['airdrop'], 'airdrops'], [['faucet'], 'faucets'], [['farm'], 'yield farming'],
  [['farming'], 'yield farming'], [['liquidity'], 'liquidity provision'], [['lp'], 'liquidity provision'], [['vote'], 'governance'],
  [['burn'], 'burning tokens'], [['close', 'account'], 'closing accounts'], [['close', 'my'], 'closing accounts'], [['close', 'all'], 'closing accounts'],
  [['close', 'empty'], 'closing accounts'], [['close', 'token'], 'closing accounts'], [['close', 'ata'], 'closing accounts'], [['close', 'atas'], 'closing accounts'], [['create', 'token'], 'creating tokens'], [['launch'], 'launching tokens'],
  [['deploy'], 'deploying programs'], [['snipe'], 'sniping launches'], [['copy', 'trade'], 'copy trading'], [['copytrade'], 'copy trading'],
  [['options'], 'options'], [['call', 'option'], 'options'], [['put', 'option'], 'options'], [['wrap'], 'wrapping SOL'], [['unwrap'], 'wrapping SOL'],
  [['deposit'], 'deposits into protocols'], [['yield'], 'yield products'], [['apy'], 'yield products'], [['sign', 'message'], 'signing messages'],
];

/**
 * Tokens that earn as they are held (liquid staking tokens, JLP): beside one, these words of UNSUPPORTED say why it is
 * bought ("Swap 150 USDC to JupSOL. Trying to earn some yield."), not a product asked for; "stake 1 SOL" stays refused.
 */
export const YIELD_BEARING = { tokens: new Set(['mSOL', 'JitoSOL', 'bSOL', 'JupSOL', 'INF', 'JLP']), remarks: new Set(['staking', 'yield', 'apy']) };

/**
 * A clause about token accounts ("I don't have a USDC account yet", "(wif ata not initialized)", "create it if needed") is
 * a remark that names nothing to build (the tokenizer's withAccountRemarks). It says one of `nouns` (or "account" after
 * one of `owners` or a token, before one of `costs` or `making`, or just after `rent`); every token in it is the command's,
 * said before one of `nouns`; its only verb makes the account; a word the lexicon does not know is one of `words`; a
 * negation denies having (`denied`); a condition is an order's ("create one if they don't have one", "if needed"); it asks
 * nothing and says none of `blocking`.
 */
export const ACCOUNT_REMARKS = {
  nouns: new Set(['ata', 'atas', 'account', 'accounts', 'acct', 'accts']),
  owners: new Set(['token', 'associated']),
  /** Before SOL in a remark, these say it is SOL itself, which needs no token account ("receiving native SOL so no token account involved"). */
  native: new Set(['native', 'plain']),
  /** Words that open an aside, and so a clause a remark may be ("swap 1.25 SOL for INF btw I have no INF acct …"). */
  openers: new Set(['btw', 'fyi', 'ps', 'p.s.']),
  /** …or "account" before one of these or of `making` ("the account creation fee", "account rent is fine"). */
  costs: new Set(['rent', 'fee', 'fees', 'deposit', 'deposits', 'cost', 'costs']),
  /** …or "account" with one of these in the three words before it ("whatever rent the new account needs"). */
  rent: new Set(['rent', 'rent-exempt']),
  /** The most SOL a remark may name as the rent it tells of ("it costs me ~0.002 SOL"; a token account's is 0.00203928). */
  rentAtMost: { units: 25n, scale: 4 },
  /** Before such a figure, "about" as said or signed ("~0.002" reads as "about 0.002"; "ATA rent ≈ 0.002 SOL"). */
  about: new Set(['about', 'around', 'roughly', 'approx', 'approximately', '≈', '~']),
  /** After "and" or "plus", a remark says something of the account with one of these, a verb, a negation or a condition ("…, plus the account rent" adds a payment). */
  predicates: new Set([
    'is', 'are', 'was', 'be', 'been', "it's", "that's", 'fine', 'ok', 'okay', 'needed', 'need', 'needs', 'necessary', 'required', 'missing', 'have', 'has',
    'had', 'got', 'held', 'exist', 'exists', 'create', 'created', 'creation', 'open', 'opened', 'make', 'made', 'init', 'initialize', 'initialized',
    'initialised', 'setup', 'set', 'cost', 'costs', 'pay', 'paying', 'cover', 'covering', 'fund', 'acknowledged', 'noted', 'accepted', 'acceptable',
    'expected', 'new', 'fresh', 'yet', 'know', 'understand', 'realize', 'realise', 'whatever', 'worry', 'care', 'mind', '≈', '~', 'incl', 'including', 'include',
  ]),
  making: new Set(['create', 'creates', 'created', 'creating', 'creation', 'open', 'opens', 'opened', 'opening', 'make', 'made', 'init', 'initialize', 'initialized', 'initialise', 'initialised', 'setup', 'set']),
  /** The orders among them: only after one is "one" the account ("set one up", not "make it one"). */
  orders: new Set(['create', 'open', 'make', 'init', 'initialize', 'initialise', 'setup', 'set']),
  needs: new Set(['needed', 'need', 'needs', 'necessary', 'required', 'missing']),
  /** A condition's words after it that make it the account's ("if needed", "if it creates an ATA"); "when" only with a need right after it. */
  conditions: new Set(['if', 'when']),
  /** A need said right after one of these is the account's ("create it if required", "the ata is needed"), never the command's requirement. */
  needSaidAfter: new Set(['if', 'when', "it's", 'is', 'are']),
  /** …and these, said right after one of `nouns` ("whatever rent the new account needs"); "token account required" asks for one. */
  needsOf: new Set(['needs', 'need', 'requires']),
  /** …and a denial of one of these after a condition ("create one if they don't have one"). */
  having: new Set(['have', 'has', 'had', 'got', 'exist', 'exists']),
  conditionedBy: new Set(['needed', 'need', 'needs', 'necessary', 'required', 'requires', 'missing', 'creates', 'create', 'opens', 'open']),
  /** What a negation in the clause may deny: having the account ("I don't have a USDC account", "no ata yet", "not initialized"). */
  denied: new Set(['have', 'has', 'had', 'got', 'held', 'owned', 'used', 'received', 'touched', 'exist', 'exists', 'initialized', 'initialised', 'created', 'opened', 'need', 'think', 'ata', 'atas', 'token', 'rent']),
  words: new Set([
    'rent', 'has', 'ata', 'atas', 'account', 'accounts', 'associated', 'initialized', 'initialised', 'exists', 'exist', 'existing', 'yet', 'already', 'still',
    'aware', 'include', 'including', 'incl', 'fund', 'funded', 'cover', 'covered', 'covering', 'handle', 'pay', 'paid', 'paying', 'should', 'might', 'may',
    'brand', 'new', 'fresh', 'empty', 'heads', 'by', 'ok', 'okay', 'fine', 'happy', 'needed', 'necessary', 'missing', 'probably', 'think',
    'exempt', 'rent-exempt', 'lamports', 'extra', 'small', 'tiny', 'fee', 'fees', 'cost', 'costs', 'deposit', 'minimum', 'spl', 'receive', 'receiving', 'received',
    'ever', 'automatically', 'auto', 'bother', 'mind', 'understand', 'realize', 'realise', 'expect', 'assume', 'believe', 'likely', 'maybe', 'ahead', 'go',
    'cool', 'whatever', 'worry', 'care', 'know', 'guess', 'suppose', 'apparently', 'guessing', 'assuming', "you'll", "they'll", "it'll", 'will', 'gonna',
    'itll', 'theyll', 'theres', "there's", 'holder', 'got', 'bit', 'they', "they're", 'theyre', 'he', 'she', "he's", "she's", 'aint', "ain't",
    'accept', 'accepted', 'acceptable', 'acknowledged', 'noted', 'expected', 'welcome', 'trivial', 'negligible', 'cheap', 'peanuts', 'harmless', 'formality',
    'normal', 'standard', 'usual', 'sorted', 'absent', 'stay', 'stays', 'sticks', 'sit', 'around', 'there', 'lacks', 'lack', 'totally', 'honestly', 'about', 'abt',
    'idc', 'thing', 'thingy', 'part', 'making', 'doesnt', 'any', 'be', 'been', 'native', 'plain', 'involved', 'noting', 'side', 'stuff',
  ]),
  /** "that's their token account", "it is actually the USDC ata": after these and a word of `OTHER_SOURCES.identifying`, these words
   * and then one of `nouns` say what the address is (the tokenizer's withoutForeignAccounts). */
  pointing: new Set(['that', 'this', 'it', 'which']),
  identified: new Set(['actually', 'already', 'just', 'literally', 'probably', 'their', 'his', 'her', 'my', 'the', 'a', 'an', 'our', 'token', 'associated', 'spl']),
  /** Words of a stance on the account ("fine with paying", "don't worry about"), and before one (or before the remark), words that say someone else takes it. */
  stances: new Set(['fine', 'ok', 'okay', 'cool', 'happy', 'good', 'alright', 'np', 'pay', 'pays', 'paying', 'cover', 'covers', 'covering', 'fund', 'funds', 'worry', 'care', 'mind']),
  otherSubjects: new Set(["he's", "she's", "they're", 'theyre', "you're", 'youre', 'you', 'u', "he'd", "she'd", "they'd", "you'd", 'dao', 'team', 'sponsor', 'bob', 'alice']),
  /** After the stance, for whom ("… is totally fine for them"). */
  beneficiaries: new Set(['them', 'him']),
  /** Between an address and a stance, these make the address the one who takes it ("<address> is fine with paying …"). */
  being: new Set(['is', 'are', 'was', 'will', 'would', 'can']),
  /** After a possessive, who pays ("… on his dime"). */
  payNouns: new Set(['dime', 'tab', 'expense', 'treat', 'cost', 'bill']),
  /** Right after a remark, these add to it ("dont worry abt the ata or the price"). */
  addedJoiners: new Set(['or', 'nor', 'and', 'plus', '&']),
  /** Before paying, the sender ("whatever rent the new account needs I'll pay"): the only other verb such a clause may hold. */
  payers: new Set(["i'll", 'ill', 'i', "we'll", 'we', 'will']),
  /** Markers the clause may hold: whose or what for ("the rent for their token account"), never where to or from. */
  markers: new Set(['for', 'of']),
  places: new Set(['in', 'on']),
  /** …and "in" or "on" before these, the session's wallet ("no BONK token account in my wallet yet"). */
  here: [['my', 'wallet'], ['this', 'wallet'], ['the', 'wallet'], ['here'], ['me']],
  /** In a remark about an account of the token a transfer sends, these say it is the sender's ("I have no USDC account"). */
  senders: new Set(['i', "i'm", 'im', "i've", 'ive', 'me', 'my', 'mine', 'we', "we're", 'our', 'this']),
  /** Beside a remark, a clause of these and fillers says the wallet is new ("— brand new wallet, no ATAs"). */
  newWallets: new Set(['new', 'fresh', 'brand', 'empty', 'holder']),
  /** …and only these after it ("no PENGU account on this wallet yet"). */
  stillWords: new Set(['yet', 'already', 'still']),
  /** A clause that opens with one of these asks ("do i need an ata", "should I create one"). */
  asking: new Set(['do', 'does', 'did', 'should', 'is', 'are', 'can', 'could', 'will', 'would', 'how', 'what', 'why', 'which', 'shall']),
  blocking: new Set([
    'only', 'instead', 'rather', 'hacked', 'compromised', 'stolen', 'frozen', 'close', 'closed', 'closing', 'burn', 'wrong', 'scam', 'wait', 'hold', 'stop',
    'cancel', 'abort', 'from', 'other', 'another', 'different', 'second', 'separate', 'address', 'owner', 'derive', 'first', 'confirm', 'check', 'verify',
    'recipient', 'dest', 'destination', 'receiver', 'payee', 'must', 'ledger', 'cold', 'hardware', 'burner', 'devnet', 'testnet',
    // "the ata is mine": whose the account is, beside a transfer that pays the address's owner.
    'mine', 'ours', 'yours', 'theirs', 'hers',
  ]),
  /** Before a word of making in three words, one of these denies making it ("no account creation please"). */
  denials: new Set(['no', 'not', "don't", 'dont', 'never', 'without']),
  /** Someone else, one or two words before paying ("make them pay the rent", "they should cover it"): not the session's wallet. */
  others: new Set(['them', 'him', 'her', 'they', 'he', 'she', 'recipient', 'receiver']),
  paying: new Set(['pay', 'pays', 'paying', 'cover', 'covers', 'covering', 'fund', 'funds']),
  /** …and paying back, which someone else does for the sender ("have them reimburse me the ATA rent"): never the sender taking the rent on. */
  payingBack: new Set(['reimburse', 'reimburses', 'refund', 'refunds', 'repay', 'repays']),
  /** The words a clause that takes the rent on after a remark may hold besides paying and a payer ("…, whatever, just pay it"). */
  takingOn: new Set(['it', 'for', 'the', 'rent', 'whatever', 'just', 'please', 'pls', 'so', 'and', 'then', 'go', 'ahead']),
  /** Words that accept what a condition says of the account ("…, fine by me"). */
  accepting: new Set(['fine', 'ok', 'okay', 'cool', 'happy', 'good', 'alright', 'np']),
  ownWords: new Set(["it's", "that's", "there's", "here's", "what's", "he's", "she's", "who's"]),
  /** After such a clause, one of these words alone with an order asks for the account it named ("…, so please set one up"). */
  pointers: new Set(['one', 'it', 'them', 'up', 'for', 'me', 'if']),
  /** Said together after a remark ("make it one"), an amount of 1 as much as the account. */
  amountOrAccount: ['it', 'one'],
};

/** Query cues, matched as whole words or phrases: what a question asks about. */
export const PRICE_CUES = [
  'price', 'prices', 'priced', 'pricing', 'trading', 'cost', 'costs', 'worth', 'value', 'rate', 'chart', 'px', 'quote', 'mcap',
  'doing', 'pumping', 'dumping', 'usd', 'going for', 'how much is', 'how much does', 'how much for', 'at the moment', 'in dollars',
];
export const BALANCE_CUES = ["j'ai", 'u menya', 'andi', 'punya', 'solde', 'guthaben', 'kontostand', 'balanse', 'rasidi', 'balance', 'balances', 'bal', 'hold', 'holding', 'own', 'have', 'got', 'left', 'stash', 'how many', 'habe', 'hab', 'paas', 'tengo', 'tenho', 'so du', 'tai khoan', 'saldo', 'bakiye', 'bakiyem', 'balans'];
/** Without a token, only the word itself asks for "balance"; the rest ask about the whole wallet. */
export const BALANCE_WORDS = ['solde', 'guthaben', 'kontostand', 'balanse', 'rasidi', 'balance', 'balances', 'bal', 'so du', 'tai khoan', 'saldo', 'bakiye', 'bakiyem', 'balans'];
export const PORTFOLIO_CUES = [
  'cartera', 'billetera', 'carteira', 'portefeuille', 'portafoglio', 'depot', 'dompet', 'portfel', 'koshelek', 
  
  'portfolio', 'holdings', 'assets', 'bag', 'bags', 'positions', 'networth', 'rich', 'wealth', 'inventory', 'overview', 'rundown', 'portf',
  'portfo', 'net worth', 'total', 'tokens',
  'my coins', 'my wallet', 'everything i', 'show everything', 'show all', 'everything', 'what do i have', 'what do i hold', 'what do i own',
];
/**
 * Chinese, Japanese and Korean, written without spaces: each word the agent knows, read as the English word it stands for.
 * The lexer splits a run of these scripts by the longest known word at each place ("把100USDC换成ETH": 把 · 100 · USDC · 换 ·
 * 成 · ETH); characters it does not know stay one word it does not know, which the parser does not know either.
 */
export const CJK_WORDS: Record<string, string> = table({
  // 换 (exchange) reads by what comes before it (CJK_EXCHANGE); 换成, "exchange into", only marks what is received.
  换: 'swap', 兑换: 'swap', 交换: 'swap', 卖掉: 'sell', 兄弟: 'bro', 朋友: 'friend', 换成: 'into', 兑换成: 'into', 换为: 'into', 兑换为: 'into', 成: 'into', 为: 'into', 买: 'buy', 购买: 'buy', 买入: 'buy', 卖: 'sell', 卖出: 'sell', 出售: 'sell',
  用: 'with', 使用: 'with', 把: 'the', 将: 'the', 转: 'send', 转账: 'send', 发送: 'send', 发: 'send', 给: 'to', 到: 'to', 地址: 'address',
  帮我: 'please', 请: 'please', 我: 'i', 我的: 'my', 的: 'of', 有: 'have', 多少: 'much', 余额: 'balance', 价格: 'price', 现在: 'now',
  滑点: 'slippage', 全部: 'all', 所有: 'all', 一半: 'half', 个: 'the', 枚: 'the', 谢谢: 'thanks', 不要: "don't", 别: "don't", 不: 'not',
  明天: 'tomorrow', 如果: 'if', 当: 'when', 查询: 'show', 查看: 'show', 显示: 'show', 投资组合: 'portfolio', 资产: 'assets', 钱包: 'wallet',
  帮助: 'help', 以太坊: 'ethereum', 比特币: 'bitcoin', 质押: 'stake', 跨链: 'bridge', 吗: 'whether', 呢: 'whether', 送: 'send',
  // Japanese: "1 SOLをUSDCにスワップして", "USDTでJTOを10個買って", "<address>に送って", "BONKの残高を教えて".
  スワップ: 'swap', 交換: 'swap', 両替: 'swap', 送金: 'send', 買: 'buy', 売: 'sell', って: 'please', して: 'please', ください: 'please',
  お願いします: 'please', の: 'the', 個: 'the', 残高: 'balance', 教えて: 'show', 見せて: 'show',
  ポートフォリオ: 'portfolio', 価格: 'price', 値段: 'price', 半分: 'half', 明日: 'tomorrow', 今夜: 'tonight', しないで: "don't",
  ないで: "don't", ありがとう: 'thanks', もし: 'if', なら: 'if',
  // Korean: "<address>에게 15 USDT 보내줘", "ETH를 USDC로 스왑해줘", "SOL 잔액 알려줘".
  스왑: 'swap', 교환: 'swap', 바꿔: 'swap', 보내: 'send', 전송: 'send', 사: 'buy', 구매: 'buy', 팔아: 'sell', 에게: 'to', 한테: 'to',
  의: 'the', 잔액: 'balance', 잔고: 'balance', 가격: 'price', 알려: 'show', 보여: 'show',
  줘: 'please', 주세요: 'please', 해: 'please', 해줘: 'please', 해주세요: 'please', 지: 'the', 마: "don't", 말아: "don't", 내일: 'tomorrow',
  감사합니다: 'thanks', 만약: 'if', 면: 'if',
});

/**
 * Persian and Arabic words, as chat mixes them in with token symbols and digits ("سواپ ۱.۵ SOL به USDC", "بفروش همه WIF به SOL",
 * "ارسل 5 USDC الى <address>"): each read as the English word it stands for. Any other word of these scripts is one the lexicon
 * does not read, and refused ("نفروش", don't sell, is one word; "حوّل" converts or transfers money, so it is none).
 */
export const ARABIC_SCRIPT_WORDS: Record<string, string> = table({
  // Persian.
  سواپ: 'swap', تبدیل: 'swap', بفروش: 'sell', بخر: 'buy', بفرست: 'send', به: 'to', با: 'with', همه: 'all', همهٔ: 'all', نصف: 'half',
  کن: 'please', بکن: 'please', لطفا: 'please', لطفاً: 'please', ممنون: 'thanks', مرسی: 'thanks', سلام: 'hi', آدرس: 'address',
  را: 'the', نه: 'no', نکن: "don't", فردا: 'tomorrow', امشب: 'tonight', بعدا: 'later', اگر: 'if', وقتی: 'when', دیروز: 'yesterday',
  // Arabic.
  بدل: 'swap', بدّل: 'swap', بع: 'sell', اشتر: 'buy', اشتري: 'buy', ارسل: 'send', أرسل: 'send',
  ابعث: 'send', الى: 'to', إلى: 'to', كل: 'all', شكرا: 'thanks', مرحبا: 'hi', لا: "don't", بكرة: 'tomorrow', بكره: 'tomorrow',
  غدا: 'tomorrow', إذا: 'if', اذا: 'if', عندما: 'when', بعدين: 'later',
  // Arabic "from" ("ارسل 5 USDC من <address>" asks for money from it), Persian "my" ("SOL من"): read as "from", never past.
  من: 'from',
});

/**
 * Japanese and Korean case particles come after what they mark ("USDCに" is "to USDC", "USDTで" is "with USDT", "ETH를"
 * marks ETH as the object): the lexer moves each before its amount and token or address, as the English word it stands
 * for; an object particle becomes a comma, which ends the phrase before it.
 */
/**
 * Chinese 换 (exchange) takes as its object what comes after it, which is paid or received by what came before: after
 * 用 (with: "用200 USDC换ETH") it is what is received, after 把 (the object: "把1 SOL换USDC") too, and alone ("换 1 SOL 到
 * USDC") it is what is paid. The words before, and what 换 then reads as.
 */
export const CJK_EXCHANGE = { verbs: new Set(['换', '兑换', '交换']), after: table<string>({ 用: 'get', 使用: 'get', 把: 'into', 将: 'into' }) };

export const CJK_POSTPOSITIONS: Record<string, string> = table({ を: ',', 를: ',', 을: ',', に: 'to', 에게: 'to', 한테: 'to', 로: 'to', 으로: 'to', で: 'with' });

/** Every spelling of a word with two adjacent letters swapped ("fro" for "for", "hlaf" for "half"), mapped to the word. */
const transposed = (words: string[]) =>
  Object.fromEntries(words.flatMap((word) => [...word].slice(1).map((_, k) => [word.slice(0, k) + word[k + 1] + word[k] + word.slice(k + 2), word])));

/**
 * Typos of the small words that carry a side or a share, which no other word is spelt like: read as the word, less sure.
 * Not "into": "inot" is as often "not".
 */
export const TRANSPOSED: Record<string, string> = table(transposed(['for', 'with', 'half']));

/** Short spellings read as the word they stand for, so every table knows them ("token acct"). */
export const SPELLINGS: Record<string, string> = table({
  acct: 'account', accts: 'accounts', acc: 'account', 'thank-you': 'thankyou', wan: 'want', giv: 'give',
  thnx: 'thanks', thnks: 'thanks', thanku: 'thankyou', tyty: 'ty', errr: 'err', errrr: 'err',
  ...TRANSPOSED,
});

/** Who asks about their own wallet: "my", German "ich", Hindi "mera", Spanish "tengo" (I have), and "in here" (this wallet). */
export const FIRST_PERSON = ["j'ai", 'menya', 'andi', 'saya', 'aku', 'punya', 'mera', 'mi', 'moi', 'my', 'i', 'me', "i've", 'im', "i'm", 'we', 'mine', 'ich', 'in here', 'mera', 'mere', 'meri', 'tengo', 'tenho'];
/** Nouns that turn "get"/"give me" into a question ("get my balance", "give me the price of SOL"). */
export const INFO_NOUNS = ['price', 'prices', 'balance', 'balances', 'portfolio', 'holdings', 'assets', 'breakdown', 'summary', 'overview', 'rundown', 'chart', 'value', 'net', 'quote'];
/** Words that make a verbless message a question rather than a command ("how much is 1 SOL in USDC"). */
export const ASKING_WORDS = ['how', 'what', "what's", 'whats', 'price', 'worth', 'value', 'is', 'much', 'many', 'cost', 'rate'];
export const HELP_PHRASES = [
  'help', 'commands', 'menu', 'instructions', 'guide', 'tutorial', 'examples', 'example commands', 'what can you do', 'what tools',
  'which tools', 'what actions', 'which actions', 'what can this bot do', 'what can it do', 'what does this bot do', 'what can the bot do',
  'what do you do', 'what you can do', 'how do i use', 'use you', 'what can i do',
  'what can i say', 'what can i ask', 'what can i type', 'what can i write', 'what do i type', 'how does this work', 'how does it work',
  'what do you support', 'who are you', 'what are you',
  'how to use', 'how does parley work', 'how does this bot work', 'how do you work', 'how does this whole thing work',
  'how does it all work', 'what can you even do', 'wat can u even do', 'wat cn u even do', 'wat cn u do', 'wht can this bot do',
  'wht can this bot doo', 'wht can you do', 'what can you answer', 'what is your usage', 'your usage', 'get started', 'features',
  'capabilities', 'how do i even use', 'how does this thing work', 'where do i start', 'where to start', 'where do i begin',
  'first time here', 'first time using',
  // Typos of "help" that are no other word.
  'hlep', 'halp', 'hepl', 'hekp', 'helpp', 'hellp', 'heelp', 'waht can you do', 'wat can you do', 'what can u do', 'waht can u do', 'wat can u do',
  'hlp', 'what sorts of things can you do', 'what kind of things can you do', 'what things can you do',
  'can you do', 'can u do', 'you can do', 'u can do', 'ayuda', 'hilfe', 'ajuda',
  // What Parley supports, and how to start.
  'how does this thing work', 'how does this app work', 'how does this bot work', 'what networks do you support', 'what chains do you support',
  'what do u support', 'what tokens do you support', 'which tokens do you support', 'what coins do you support', 'which coins do you support',
  'tokens are supported', 'coins are supported', 'supported tokens', 'supported coins', 'what tokens can i', 'which tokens can i',
  'what coins can i', 'which coins can i', 'what is this', "what's this", 'whats this', "what's possible", 'what is possible', 'whats possible',
  'give me examples', 'give me an example', 'what should i type', 'what should i say', 'what should i ask', 'getting started', "i'm lost",
  'im lost', 'i am lost', 'what are my options', 'what are the options', 'what can you actually do', 'what do you actually do',
];
/**
 * Questions about Parley itself, as patterns (patterns.ts) matched anywhere in a message that names
 * no token, amount or address: "what can this app do", "what services do you offer", "how can I use
 * this", "explain how this works", "are you a bot". Answered with help.
 */
export const HELP_SHAPES = [
  'what|wat|wht|waht|which else? can|could|does|do|will this|that|the|your? you|u|ya|it|i|parley|bot|app|thing|agent|tool|service|assistant|wallet? actually|even|really|exactly|else? do|offer|provide|support|handle|help with? $',
  'what|wat|which kind|kinds|sort|sorts|type|types? of? things|stuff|operations|actions|commands|features|functions|services|tasks|requests|questions can|could|do|does|will the|this? you|u|it|i|parley|bot|app? do|offer|provide|support|handle|ask|say|type|send|use',
  'what|which operations|actions|commands|features|functions|services|tasks are available|supported|there|offered',
  'how|hw can|could|do|does|should|would i|you|u|we|this|it|parley|the bot|app|thing|tool? even|actually? use|start|begin|work|help|operate',
  'how|hw can|could|do|should i? get started',
  'how|hw to start|begin',
  'explain|tell|show me? what|how you|u|this|it|parley|the bot|app|thing|tool? can? do|does|work|works|operate|operates',
  'tell|show me? about yourself|parley|you|this|the bot|app|tool|thing? $',
  "what|wat|what's|whats is? parley|dis $",
  'what|wat do|should i do now|next? $',
  'ok|okay|so? what now|next $',
  '^ start $',
];
/** A message made only of these is a greeting or thanks: answered with help. */
export const GREETINGS = [
  'hi', 'hello', 'hey', 'gm', 'yo', 'howdy', 'sup', 'thanks', 'thank', 'you', 'ty', 'thx', 'morning', 'good', 'evening', 'afternoon',
  'hiya', 'greetings', 'cheers', 'gn', 'there', 'again', 'ok', 'okay', 'cool', 'great', 'nice', 'awesome', 'much', 'so', 'a', 'lot',
  'bot', 'agent', 'ser', 'fren', 'friend',
];
/** Chat openers skipped before reading how a message starts ("hey, should I swap…"). */
export const LEADING_FILLERS = [
  'hey', 'so', 'ok', 'okay', 'um', 'hmm', 'yo', 'hi', 'hello', 'quick', 'question', 'q', 'btw', 'also', 'and', 'but', 'gm', 'ser',
  'bro', 'please', 'pls', 'just', 'wait', 'actually', 'guys', 'fren', 'sorry', 'oops', 'typo', 'yes', 'yeah', 'yep', 'yup',
  'eh', 'uh', 'ah', 'umm', 'hm', 'hmmm', 'oh', 'ohh', 'ooh',
];
/** Words around a follow-up that change nothing ("now half of that", "ok, again please"). */
export const SOFT_WORDS = ['please', 'pls', 'plz', 'ok', 'okay', 'actually', 'oh', 'hmm', 'sorry', 'wait', 'just', 'thanks', 'ty', 'then', 'now', 'the', 'amount'];

/** Cancelling a pending command. */
/**
 * Cancelling: a message made only of these words, with at least one of the first set, drops the
 * pending command ("cancel", "never mind", "forget it", "stop, don't").
 */
export const CANCEL_WORDS = new Set([
  'cancel', 'nevermind', 'nvm', 'forget', 'scratch', 'abort', 'stop', 'nope', 'nah', 'no', 'undo', 'mind', 'skip', 'drop', 'ignore', 'leave',
  // Other languages' "cancel", "I changed my mind" ("…, iptal", "…, vazgeçtim", "batalkan").
  'iptal', 'vazgectim', 'vazgec', 'batal', 'batalkan', 'cancela', 'cancelar', 'annule', 'annuler', 'annulla', 'abbrechen', 'stornieren', 'otmena', 'otmeni',
]);
export const CANCEL_COMPANIONS = new Set([
  'never', 'it', 'that', 'this', 'about', 'the', 'swap', 'transfer', 'trade', 'order', 'command', 'please', 'pls', 'ok', 'okay', 'actually',
  'oh', 'wait', 'sorry', 'hmm', 'just', 'thanks', 'thx', 'ty', 'dont', "don't", 'do', 'not', 'bother', 'i', 'changed', 'my', 'now', 'leave',
  'then', 'all', 'whole', 'thing', 'everything', 'that\'s', 'fine', 'lol', 'haha', 'on', 'second', 'thought', 'thoughts',
]);


/** Number words: units and tens, scales, and the words of fractions. */
export const UNITS: Record<string, number> = table({
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30,
  forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, dozen: 12,
  // Of the languages whose verbs are read ("envía dos SOL", "échange deux SOL", "tausche zwei SOL"), the number words no
  // other word is spelled as ("uno", "un", "ein", "tres"/"très", "due", "sei", "sept", "otto", "once", "neuf" are left out).
  dos: 2, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, veinte: 20, treinta: 30, cuarenta: 40, cincuenta: 50,
  dois: 2, duas: 2, quatro: 4, sete: 7, oito: 8, nove: 9, dez: 10, vinte: 20, trinta: 30, quarenta: 40, cinquenta: 50,
  deux: 2, trois: 3, quatre: 4, cinq: 5, huit: 8, dix: 10, vingt: 20, trente: 30, quarante: 40, cinquante: 50,
  zwei: 2, drei: 3, vier: 4, funf: 5, fuenf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, zwanzig: 20, dreissig: 30, vierzig: 40, funfzig: 50,
  quattro: 4, cinque: 5, sette: 7, dieci: 10, venti: 20, trenta: 30, quaranta: 40, cinquanta: 50,
});
export const SCALES: Record<string, number> = table({
  hundred: 2, thousand: 3, k: 3, grand: 3, lakh: 5, lakhs: 5, million: 6, mil: 6, mill: 6, mm: 6, m: 6, crore: 7, crores: 7, billion: 9, bil: 9, b: 9, bn: 9,
});

/**
 * Scales whose value another language changes: "mil" is a million in English chat ("2 mil BONK") and a thousand in
 * Spanish and Portuguese ("envía 2 mil USDC"). Beside any of these words the scale is left unread, so the command is refused.
 */
export const SCALES_ABROAD: Record<string, Set<string>> = table({
  mil: new Set([
    'cambia', 'cambiar', 'cambiame', 'intercambia', 'intercambiar', 'convierte', 'convertir', 'converter', 'converte', 'troca', 'trocar', 'troque',
    'vende', 'vender', 'venda', 'compra', 'comprar', 'compre', 'envia', 'enviar', 'envie', 'enviale', 'manda', 'mandar', 'mando', 'mandale',
    'transfiere', 'transferir', 'transfere', 'transfira', 'paga', 'pagar', 'pague', 'swapea', 'swapear',
    'dos', 'dois', 'duas', 'tres', 'cuatro', 'quatro', 'cinco', 'seis', 'siete', 'sete', 'ocho', 'oito', 'nueve', 'nove', 'diez', 'dez',
    'por', 'para', 'pra', 'favor', 'mis', 'meus', 'minhas', 'todo', 'todos', 'tudo', 'quiero', 'quero', 'mi', 'pesos', 'reais',
  ]),
});

/** Shares of a balance: "half", "a quarter of", "all", "max". */
export const SHARES: Record<string, [number, number]> = table({
  // Other languages' halves and alls ("vends la moitié de mon bonk", "vende tudo").
  moitie: [1, 2], halfte: [1, 2], setengah: [1, 2], separuh: [1, 2], kalahati: [1, 2], aadhe: [1, 2], polovinu: [1, 2], polovina: [1, 2],
  nua: [1, 2], tudo: [1, 1], tout: [1, 1], tutti: [1, 1], alles: [1, 1], semuanya: [1, 1], hepsi: [1, 1], hepsini: [1, 1], lahat: [1, 1],
  sab: [1, 1], saara: [1, 1], sara: [1, 1], saare: [1, 1], sare: [1, 1], saari: [1, 1], poora: [1, 1], pura: [1, 1], poore: [1, 1], vse: [1, 1], vsyo: [1, 1], kollo: [1, 1], kolo: [1, 1], everytin: [1, 1],
  
  half: [1, 2], quarter: [1, 4], third: [1, 3], all: [1, 1], max: [1, 1], maximum: [1, 1], everything: [1, 1], entire: [1, 1],
  whole: [1, 1], full: [1, 1], 'all-in': [1, 1], tous: [1, 1], tum: [1, 1], kol: [1, 1], semua: [1, 1], todo: [1, 1], todos: [1, 1], tutto: [1, 1], tenth: [1, 10], fifth: [1, 5], eighth: [1, 8], 'every last': [1, 1], 'every single': [1, 1],
  // "full port into JUP with my SOL": a trader's all of it.
  'full port': [1, 1],
  // Portuguese, Spanish and Hindi halves ("vende a metade do meu JUP").
  metade: [1, 2], mitad: [1, 2], aadha: [1, 2],
  // Turkish: "yarım" (half), "yarısını" (half of it), "tamamını" (all of it).
  yarisini: [1, 2], tamamini: [1, 1],
});

/** Dollar words: "25 dollars", "25 usd", "25 bucks". */
export const DOLLAR_WORDS = new Set(['dollars', 'dollar', 'usd', 'bucks', 'buck', 'usd-worth']);

/** Words that join two actions or two tokens. */
export const JOINERS = new Set(['and', 'then', 'also', 'plus', '&', 'n', 'or']);

/** Follow-up openers ("make it 2", "same but to BONK", "half of that", "do it again"). */
export const FOLLOW_UP_OPENERS: string[][] = [
  ['make', 'it'], ['make', 'that'], ["should've", 'been'], ['should', 'have', 'been'], ['it', 'should', 'be'], ['change', 'it', 'to'], ['change', 'that', 'to'], ['change', 'to'], ['actually'], ['instead'],
  ['same'], ['do', 'it', 'again'], ['do', 'that', 'again'], ['again'], ['repeat'], ['repeat', 'that'], ['one', 'more', 'time'],
  ['once', 'more'], ['and'], ['half', 'of', 'that'], ['half', 'that'], ['double', 'it'], ['double', 'that'], ['twice', 'that'],
  ['no', 'wait'], ['wait', 'no'], ['nope'], ['no'], ['wait'], ['oops'], ['i', 'meant'], ['meant'], ['i', 'mean'], ['no', 'i', 'meant'], ['sorry', 'i', 'meant'], ['now'], ['ok', 'now'], ['but'], ['this', 'time'], ['same', 'again'], ['another'], ['do', 'the', 'same'], ['also'],
  ['correction'], ['or', 'rather'], ['rather'], ['my', 'bad'], ['typo'], ['sorry'], ['no', 'scratch', 'that'], ['scratch', 'that'],
  // "wrong coin, I meant USDC": the token said was not the one meant.
  ['wrong', 'coin'], ['wrong', 'token'],
  // "nah, 3 sol", "sry 3": a chat's corrections (IN_MESSAGE_CORRECTIONS.terse: an amount or an address after them).
  ['nah'], ['sry'],
];

/**
 * Openers of a correction that only an amount (with its token) or an address may follow (IN_MESSAGE_CORRECTIONS.terse): "…, nah
 * make it 4", "…, sry 4", "…, edit: 25", "… meant 25", "…, *4" (a chat's mark for a corrected word), "…, change that to 4", "…,
 * wrong amount, 4", "…, fat finger, 4", "…, update: 4", "…, amend to 4", "…, bump it to 4"; "…, sry 2 bother u" corrects nothing.
 */
const TERSE_OPENERS: string[][] = [
  ['nah'], ['sry'], ['edit', ':'], ['meant'], ['*'], ['change', 'that', 'to'], ['change', 'it', 'to'], ['change', 'to'],
  ['mistake'], ['wrong', 'amount'], ['fat', 'finger'], ['update', ':'], ['update', 'to'], ['amend', 'to'], ['revise', 'to'], ['change', 'amount', 'to'],
  ['change', 'the', 'amount', 'to'], ['make', 'the', 'amount'], ['bump', 'to'], ['bump', 'it', 'to'], ['up', 'it', 'to'],
];

/**
 * A correction in the message it corrects ("swap 1 SOL for BONK, I mean WIF", "send 10 USDC to
 * <address> — wait no, 12 USDC"): after a clause break, a follow-up that opens with one of
 * `openers` corrects the command before it; `unbroken` ones need no break ("… BONK I mean WIF").
 */
export const IN_MESSAGE_CORRECTIONS = {
  openers: [
    ['i', 'mean'], ['i', 'meant'], ['or', 'rather'], ['rather'], ['sorry'], ['oops'], ['whoops'], ['wait'], ['no'], ['nope'], ['actually'], ['correction'],
    ['make', 'that'], ['make', 'it'], ['my', 'bad'], ['typo'], ['scratch', 'that'], ['err'], ['erm'], ['oops', 'typo'], ['sorry', 'typo'],
    ['on', 'second', 'thought'], ['on', 'second', 'thoughts'], ['oh', 'wait'], ['oh', 'sorry'], ['oh', 'oops'], ['ah', 'wait'], ['perdon'],
    ...TERSE_OPENERS,
  ],
  /** Openers after which only an amount (with its token) or an address corrects ("…, sry 4"; "…, sry 2 bother u" does not). */
  terse: TERSE_OPENERS,
  /** Said right after an amount that ends the message, these put it in place of the command's ("…, 4 instead", "…, 4 actually"). */
  replacingLast: new Set(['instead', 'actually']),
  /** Openers that begin a bound instead ("…, no more than 1% slippage"). */
  bounds: [['no', 'more', 'than'], ['no', 'less', 'than'], ['no', 'higher', 'than'], ['not', 'more', 'than']],
  /**
   * "hold on" and "hang on" are one item, a wait; they open a correction only with a comma and an edit after it ("… . hold
   * on, make it 0.5", "hang on, 2 sol"): "hang on 5" waits, "hold on, i have 0.5" tells.
   */
  pauses: ['hold on', 'hang on'],
  /** Hesitations that correct with no break before them ("… kmno errr tnsr"), but only with an amount, a token or an address after. */
  hesitant: [['err'], ['erm']],
  unbroken: [['i', 'mean'], ['i', 'meant'], ['or', 'rather'], ['sorry'], ['oops'], ['whoops'], ['err'], ['erm'], ['no', 'wait'], ['wait', 'no'], ['correction'], ['no', 'scratch', 'that'], ['scratch', 'that'], ['make', 'that'], ['actually', 'to'], ['actually', 'make', 'it'], ['actually', 'make', 'that'], ['oops', 'typo'], ['sorry', 'typo'], ['oh', 'wait']],
};

/** Follow-ups led by a verb of their own ("change the recipient to <address>", "switch to BONK"). */
export const FOLLOW_UP_VERB_OPENERS: string[][] = [
  ['change', 'it', 'to'], ['change', 'that', 'to'], ['change', 'to'], ['change', 'the', 'amount', 'to'], ['change', 'amount', 'to'],
  ['change', 'the', 'recipient', 'to'], ['change', 'recipient', 'to'], ['change', 'the', 'address', 'to'], ['change', 'the', 'token', 'to'],
  ['switch', 'it', 'to'], ['switch', 'to'], ['make', 'the', 'amount'],
  // "bump it to 15", "lower it to 5": the amount said again.
  ...['up', 'bump', 'raise', 'increase', 'lower', 'reduce', 'drop', 'cut'].flatMap((verb) => [[verb, 'it', 'to'], [verb, 'that', 'to'], [verb, 'it', 'up', 'to'], [verb, 'it', 'down', 'to']]),
];

/** After a transfer, a new recipient for it ("actually send it to <address>", "it should go to <address>"). */
export const REDIRECT_OPENERS: string[][] = [
  ['send', 'it', 'to'], ['send', 'that', 'to'], ['send', 'them', 'to'], ['now', 'send', 'it', 'to'], ['now', 'send', 'that', 'to'], ['then', 'send', 'it', 'to'], ['it', 'should', 'go', 'to'], ['should', 'go', 'to'], ['it', 'goes', 'to'],
  ['that', 'should', 'go', 'to'], ['that', 'goes', 'to'], ['it', 'needs', 'to', 'go', 'to'], ['that', 'needs', 'to', 'go', 'to'],
  ['make', 'that', 'to'], ['make', 'it', 'to'], ['send', 'to'], ['to'], ['it', 'should', 'be', 'to'], ['the', 'recipient', 'is'], ['recipient', 'is'],
  ['the', 'address', 'should', 'be'], ['address', 'should', 'be'], ['the', 'address', 'is'], ['address', 'is'], ['should', 'be'], ['it', 'should', 'be'],
  ['wrong', 'address', 'use'], ['wrong', 'address'], ['wrong', 'wallet', 'use'], ['wrong', 'wallet'], ['use'], ['correct', 'address', 'is'], ['right', 'address', 'is'],
];

/**
 * Names that several mints claim: wrapped or staked versions of one asset, a family of coins.
 * A command that names one asks which mint (these symbols of the registry, or another mint by
 * its address) rather than picking one.
 */
export const CONTESTED_NAMES: Record<string, string[]> = table({
  btc: ['WBTC'], bitcoin: ['WBTC'], 'wrapped bitcoin': ['WBTC'], 'wrapped btc': ['WBTC'],
  weth: ['ETH'], 'wrapped eth': ['ETH'], 'wrapped ether': ['ETH'], ether: ['ETH'],
  'staked sol': ['mSOL', 'JitoSOL', 'bSOL', 'JupSOL', 'INF'], 'liquid staked sol': ['mSOL', 'JitoSOL', 'bSOL', 'JupSOL', 'INF'],
  lst: ['mSOL', 'JitoSOL', 'bSOL', 'JupSOL', 'INF'], 'staked solana': ['mSOL', 'JitoSOL', 'bSOL', 'JupSOL', 'INF'],
  // A protocol's name, said for its governance token or for the SOL staked with it ("swap 1 sol for jito").
  jito: ['JTO', 'JitoSOL'], marinade: ['MNDE', 'mSOL'],
  stablecoin: ['USDC', 'USDT', 'PYUSD'], stablecoins: ['USDC', 'USDT', 'PYUSD'], stables: ['USDC', 'USDT', 'PYUSD'], stable: ['USDC', 'USDT', 'PYUSD'],
});

/** Program ids that are never a transfer's recipient (funds sent there are lost). */
export const PROGRAM_IDS = new Set([
  '11111111111111111111111111111111',
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
  'JUP4Fb2cqiRUcaTHdrPC8h2gNsA8fvKXYbXUJJqRUrZP',
  'ComputeBudget111111111111111111111111111111',
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
  'SysvarRent111111111111111111111111111111111',
  'SysvarC1ock11111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
  'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK',
  'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s',
  'namesLPneVptA9Z5rqUDD9tMTWEJwofgaYwp8cawRkX',
]);

/**
 * Asides: words around a command that change nothing built. They are ignored, each kind costs
 * the confidence its factor, and the reply names the named kinds ("I ignored …"). `grammar`
 * is the light verb of "execute a swap", which a reply need not mention.
 */
export type AsideKind = 'greeting' | 'thanks' | 'politeness' | 'hedge' | 'venue' | 'fee' | 'account' | 'note' | 'sigh' | 'grammar';

export const ASIDE_KINDS: Record<AsideKind, { factor: number; named: boolean }> = {
  greeting: { factor: 0.98, named: true },
  thanks: { factor: 0.99, named: true },
  politeness: { factor: 0.98, named: true },
  hedge: { factor: 0.95, named: true },
  venue: { factor: 0.97, named: true },
  fee: { factor: 0.97, named: true },
  account: { factor: 0.97, named: true },
  note: { factor: 0.97, named: true },
  sigh: { factor: 0.97, named: true },
  grammar: { factor: 1, named: false },
};

/** Times of day and days that a greeting names ("good evening", "happy monday", "have a nice weekend"). */
const GREETING_TIMES = 'morning|afternoon|evening|night|day|week|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|holidays|one';
const VOCATIVES = 'all|everyone|everybody|team|guys|fam|folks|sir|ser|frens|friends|mate|bro|there|anon|gang|bot|agent|assistant|parley';
/** Where a swap is routed ("on Jupiter", "via a DEX aggregator"). Parley picks the route, so the words are noted, not obeyed. */
const VENUE_WORDS =
  "dex|dexes|drift|jupiter|jupiter's|jup|raydium|raydium's|orca|meteora|phoenix|lifinity|openbook|pumpfun|sanctum|aggregator|aggregators|exchange|amm|router|v6|v4|v3|api|whirlpool|whirlpools|dlmm|clmm|cpmm|pool|pools";
export const VENUES = new Set(VENUE_WORDS.split('|'));
/** Words a greeting may hold that elsewhere name a time: in a greeting they schedule nothing. */
export const GREETING_WORDS = new Set(GREETING_TIMES.split('|'));
const ARTICLES = 'a|an|the|any|some|my|your';
/** What a payment is for ("for lunch", "for the rent split"), and the times such a purpose may name without scheduling anything. */
const PURPOSES =
  'lunch|dinner|breakfast|brunch|coffee|coffees|drinks|beers|pizza|rent|groceries|tickets|ticket|concert|trip|ride|uber|taxi|cab|movie|movies|party|meal|food|gas|fuel|snacks|bill|bills|tab|split|share|gift|utilities|electricity|internet|phone|tuition|books|supplies|lessons|haircut|dues|fee|fees';
const PURPOSE_TIMES = 'yesterday|tonight|today|earlier|night|week|weekend';

/**
 * The asides, as word patterns (patterns.ts): the longest match at a word wins. A venue named
 * like a token ("on Jupiter", "using Orca") is an aside only where two other tokens fill the swap.
 */
/** Hedges before an amount ("about 15 USDT"; "~2 SOL" and "10ish" are read as "about"): ASIDES, and the tokenizer's check that an amount follows. */
const HEDGES_BEFORE_AMOUNT = ['about', 'around', 'roughly', 'approx', 'approximately', 'circa', 'abt', 'bout', 'approximatively', 'round'];

export const ASIDES: Array<[string, AsideKind]> = [
  [`good|happy|lovely|nice|great|wonderful|blessed|beautiful ${GREETING_TIMES}`, 'greeting'],
  [`^ good? morning|mornin|afternoon|evening|gm ${VOCATIVES}? $`, 'greeting'],
  [`^ hey|hi|hello|yo|gm|ok ${VOCATIVES}? ,? good? morning|mornin|afternoon|evening ${VOCATIVES}? $`, 'greeting'],
  [`hi|hello|hey|yo|howdy|hiya|sup|gm ${VOCATIVES}`, 'greeting'],
  [`dear ${VOCATIVES}|madam|support|customer|colleagues|parley`, 'greeting'],
  [`have|enjoy ${ARTICLES}|the? good|nice|great|wonderful|lovely|blessed|fantastic|awesome|productive|relaxing ${GREETING_TIMES}`, 'greeting'],
  ['i? hope|hoping …', 'greeting'],
  ['i? hope|hoping all|everything|everyone is|are|was|good|well|great|fine well|good|great|fine?', 'greeting'],
  ['top of the morning|day', 'greeting'],
  // Farewells and moods that name a time schedule nothing ("talk next week", "sunday vibes", "it's friday evening here in berlin").
  ['talk|see|catch|speak to? you|u|ya? next|this? week|weekend|month|time|later|soon|tomorrow|tmrw', 'greeting'],
  ['cya|cu|ttyl|laters next|this? week|weekend|month|time|later|soon|tomorrow|tmrw $', 'greeting'],
  [`${GREETING_TIMES} vibes|mood|feels|feeling|energy`, 'greeting'],
  [`it's|its|it is? ${GREETING_TIMES} ${GREETING_TIMES}? here|there in? …?`, 'greeting'],
  ['heading|going|off to bed|sleep soon|now?', 'politeness'],
  ['late|early? night|morning|evening|afternoon|weekend|holiday|season|warm greetings', 'greeting'],
  // Other languages' greetings, as chat mixes them in ("guten Abend", "buenos días", "chào buổi sáng").
  ['buenos|buenas|bom|boa|guten|gute dias|dia|tardes|tarde|noches|noite|morgen|tag|abend|nacht', 'greeting'],
  [`hola|ola|bonjour|bonsoir|salut|ciao|hallo|servus|moin|namaste|namaskar|salaam|kumusta|kamusta|konnichiwa|annyeong ${VOCATIVES}?`, 'greeting'],
  ['xin? chao buoi? sang|chieu|toi?', 'greeting'],
  ['magandang umaga|hapon|gabi po?', 'greeting'],
  ['happy|merry new|christmas|xmas|holidays|birthday|thanksgiving|easter|halloween year|month|week?', 'greeting'],
  ['what a|an long|busy|crazy|rough|hectic|great? day|week|morning|night|evening|month|year', 'greeting'],
  ['long|busy|crazy|rough|hectic day|week|morning|night|evening|month', 'greeting'],
  ["it's|its|it is? getting? late|early here|now?", 'greeting'],
  ['this|last morning|week|evening|night|month was|has been? …', 'greeting'],
  ['anyway|anyways|anyhow', 'hedge'],
  // "… . YOLO.": a cheer where its clause ends, not the verb ("yolo 1 sol into bonk").
  ['yolo $', 'note'],
  // "ugh wrong coin, I meant USDC", "argh, I meant 5": a sigh that opens a correction ("ugh again" repeats nothing).
  ['^ ugh|argh|oof|agh|dang|damn ,? &wrong &coin|token|address|amount|one', 'sigh'],
  ['^ ugh|argh|oof|agh|dang|damn ,? &i &mean|meant', 'sigh'],
  ['^ ugh|argh|oof|agh|dang|damn ,? &oops|sorry|typo|correction|meant', 'sigh'],
  // "no, not that one, <address>": the address said before is the one taken back, by the address after the comma.
  ['not that one , &<address>', 'sigh'],
  // "send 40 usdc to <address>… no not that one, to <address>": the address taken back, the correction's "to" after it.
  ['not that one|address|wallet|addy , &to &<address>', 'sigh'],
  ['you|ya know', 'hedge'],
  ["y'know", 'hedge'],
  ['thanks|thank|thx|ty|tysm|tyvm|cheers|kthx|thankyou|thanx you? so|very? much? a? million|ton|tons|bunch|heap|heaps|lot? again?', 'thanks'],
  ['much|most obliged', 'thanks'],
  // "grazie mille", "mille grazie", "merci mille fois": thanks; "mille" alone is a thousand ("échange 10 mille BONK"), left unread.
  ['grazie|merci mille fois?', 'thanks'],
  ['mille grazie|merci', 'thanks'],
  // A sign-off that closes the request ("…, that's all I need", "that's it for now").
  ["that's|thats all|it i|we? need|want|needed|wanted", 'thanks'],
  ["that's|thats all|it for now|today", 'thanks'],
  ['k|kk|ok|okay thanks|thank|thx|ty|tysm|cheers', 'thanks'],
  ['many|big|huge|lots|mega thanks|thx', 'thanks'],
  ['once? again &thanks|thank|thx|ty|cheers', 'thanks'],
  ['in advance', 'thanks'],
  ['also|and? thanks|thank|thx|ty you? again? for the|your? help earlier|before|yesterday|today|last time?', 'thanks'],
  ['have a|an good|great|nice one tonight|today|this evening?', 'greeting'],
  // Small talk asked of the assistant ("how's your day going?", "how are you?"): no second request.
  ["how's|hows your day|morning|week|weekend|evening going|been? $", 'greeting'],
  ['how is your day|morning|week|weekend|evening going|been? $', 'greeting'],
  ['how are|r you|u doing? today|tonight? $', 'greeting'],
  // A letter's sign-off, with the name after it ("Best regards, Priya").
  ['best|kind|warm|warmest? regards|wishes|rgds ,? …?', 'thanks'],
  // "thanks again for yesterday": a thanks for the past schedules nothing.
  ['thanks|thank|thx|ty you? again? for yesterday|earlier|today|everything', 'thanks'],
  ['thanks|thank|thx|ty you? again? for last|the night|week|time|help', 'thanks'],
  ['thanks|thank|thx|ty you? again? for your|all the? help', 'thanks'],
  // "Thank you for your kind support always.": thanks for the service, never support staff asking for something.
  ['thanks|thank|thx|ty you? again? for your|the kind|continued|great? support|service|patience always|as always?', 'thanks'],
  ['much|greatly appreciated', 'thanks'],
  ['i? really? appreciate|appreciated it|your|the|this help? with? all? this|that|everything?', 'thanks'],
  ["if you could|can|would|don't|dont|wouldn't|do mind?", 'politeness'],
  ['if possible', 'politeness'],
  // "let's go with usdc", "let's say 10": how an answer picks, not a side ("with") or a quote ("say").
  ["^ go with &<token>", 'grammar'],
  ["let's|lets|i'll|ill|we'll go with &<token>", 'grammar'],
  ["let's|lets say &<number>", 'grammar'],
  // "swap 100 ETH for the maximum amount of USDC": as much as the swap gives, which every swap receives (said of what is
  // paid, "swap the maximum amount of SOL", it leaves the amount to ask for).
  ['the maximum|most|largest|highest|best possible? amount|number of &<token>', 'grammar'],
  // "…, 2000 final answer": the last word on it.
  ['final answer', 'politeness'],
  ["that's|thats final", 'politeness'],
  // "…, whichever is cheaper", "I don't care which": the route left to the router.
  ["whichever|whatever is|s cheaper|cheapest|better|best|faster|fastest", 'venue'],
  ["whichever's|whatever's cheaper|cheapest|better|best|faster|fastest", 'venue'],
  ["route it|this|that? through|via|thru whichever|whatever is|s cheaper|cheapest|better|best|faster|fastest", 'venue'],
  ["route it|this|that? through|via|thru whichever's|whatever's cheaper|cheapest|better|best|faster|fastest", 'venue'],
  ["i don't|dont care which|where", 'venue'],
  // "don't worry", "don't tell anyone lol", "please tell me if I've done anything wrong": reassurance and a request for feedback.
  // Each only where its clause ends: "don't worry about the 2 SOL swap" is about something, "don't tell anyone to send" is a request.
  ["don't|dont worry|stress|panic $", 'politeness'],
  ["don't|dont worry|stress|panic about it|this|that $", 'politeness'],
  ["don't|dont worry|stress|panic about the? fee|fees $", 'politeness'],
  ["don't|dont tell anyone|anybody|nobody lol|haha? $", 'politeness'],
  ["s'il te|vous plait|plaît", 'politeness'],
  // Sign-offs and praise where their clause ends ("…, cya", "…, you're the best", "…, no probs").
  ['cya|ttyl|gtg|g2g|gl|glhf $', 'greeting'],
  ['peace out $', 'greeting'],
  ['gotta go|run $', 'greeting'],
  ['stay safe $', 'greeting'],
  ['take care $', 'greeting'],
  ['good luck $', 'greeting'],
  ['happy trading $', 'greeting'],
  ['good|great|nice job|work|stuff $', 'thanks'],
  ['well done $', 'thanks'],
  ["ur|you're|youre|you are the best|a legend $", 'thanks'],
  ['u|you rock $', 'thanks'],
  ['no prob|probs|probz|biggie $', 'politeness'],
  ['fingers crossed $', 'note'],
  // "saya mau beli …", "gue mau …" (Indonesian "I want"): "saya" alone may tell ("saya kirim 1 SOL" is also "I sent").
  ['saya|aku|gue|gw mau|ingin|pengen|butuh', 'grammar'],
  // "…, that's all", "…, all good", "thanks all": a sign-off, never "all" of a balance.
  ["that's|thats|that is? all|everything $", 'thanks'],
  ['all good|right|set|done $', 'thanks'],
  ['all the best $', 'thanks'],
  ['thanks|thank|thx|ty you? all $', 'thanks'],
  // "… . Don't judge me.", "no judgement pls": the sender's feelings about the command, where the clause ends.
  ["don't|dont judge|laugh at? me|us? pls|please|lol|haha? $", 'politeness'],
  ['no judgement|judgment|judging pls|please|lol|haha? $', 'politeness'],
  ["please? tell me if i've|ive|i|i'm|im have|did? done|doing? anything|something wrong $", 'politeness'],
  ["please? let me know if i've|ive|i|i'm|im have|did? done|doing? anything|something wrong $", 'politeness'],
  ["i|we would|i'd|we'd be grateful|thankful|obliged|glad if you could|can|would", 'politeness'],
  ['on my|our behalf', 'politeness'],
  ['make e|am reach am|dem|quick|sharp?', 'politeness'],
  ['make e|am quick|sharp|fast', 'politeness'],
  // Arabic in Latin letters: "law sama7t" (please).
  ['law sama7t|samaht|sama7ti|samahti', 'politeness'],
  ['sharp sharp', 'politeness'],
  ['idk|dunno just? &<verb>', 'hedge'],
  // "… with sol whatever", "think I'll grab 500000 BONK …": the sender's shrug where the clause ends, or before the verb ("… idk"
  // where the clause ends leaves it undecided: corpus README, hx-0454).
  ['whatever|whatevs lol|lmao? $', 'hedge'],
  ["^ i? think|guess i'll|ill|i'm|im|i gonna|going|will? to? &<verb>", 'hedge'],
  ["if that's|thats ok|okay|alright|fine|cool|possible", 'politeness'],
  ['if that|it is ok|okay|alright|fine|cool|possible', 'politeness'],
  ["sorry|apologies if this|it|that is|'s? a? dumb|stupid|silly|basic|obvious|noob|newbie question?", 'politeness'],
  ["sorry|apologies if this|that's|thats|it's|its dumb|stupid|silly|basic|obvious", 'politeness'],
  ["i? am|i'm|im a? fairly|pretty|very|quite|totally|completely? new|newbie|noob to|at|with|in solana|crypto|defi|this|wallets|here", 'note'],
  ['whenever|when you get|see|read this', 'politeness'],
  ['first thing this? today|morning', 'greeting'],
  ['urgent|urgently|emergency', 'politeness'],
  ['please? confirm|check before|first executing|sending|signing|submitting', 'note'],
  ['no memo|note needed|required|necessary', 'note'],
  // "… I want the staking yield without the lockup", "without locking anything up": why a liquid token is bought; a swap locks nothing.
  ['without|w/o any|the|a? lockup|lockups|lock-up|lock-ups|locking|lock|unbonding|unstaking|waiting my? anything|it|them|funds|sol|period|periods? up?', 'note'],
  ["that|it? would|that'd|it'd be great|nice|awesome|lovely|amazing|appreciated|perfect|helpful|brilliant|wonderful|cool", 'politeness'],
  ['when|whenever you get|have a|the? moment|minute|sec|second|chance|min', 'politeness'],
  ['when|whenever you|u can|could', 'politeness'],
  ["when|whenever you're|youre|you are? ready", 'politeness'],
  ['before i forget', 'politeness'],
  ['real|just|a? quick one|request', 'politeness'],
  ['before i|we go|leave|sleep|log|sign|head off|out?', 'politeness'],
  ["then? i'm|im|i am? off|heading|going to? bed|sleep|work|lunch|dinner", 'politeness'],
  ["and|then? i'm|im|i'll|ill|i am|will? logging|signing|heading|going|log|sign|head off|out", 'politeness'],
  ['be so kind as to|and', 'politeness'],
  // "… with 2% slippage this time": as against an earlier try, which changes nothing of this one.
  ['this time|round', 'note'],
  ['would|do you mind', 'politeness'],
  ["if it's|its|it is? not too much trouble|bother", 'politeness'],
  ["if it isn't|isnt|is not? too much trouble|bother", 'politeness'],
  ['please? do the needful and?', 'politeness'],
  ["you're|youre|you are? the|a? best|awesome|amazing|great|legend|star", 'thanks'],
  ['you rock', 'thanks'],
  ['much|lots|big love', 'thanks'],
  ['love|loving this|the|you bot|app|thing|tool?', 'thanks'],
  ['at once', 'politeness'],
  ['at your earliest? convenience', 'politeness'],
  ['no rush|hurry|worries|problem|pressure', 'politeness'],
  ['no worries|problem|biggie if not', 'politeness'],
  ["i'm|im|i am? in a hurry|rush", 'politeness'],
  ["it's|its|it is? urgent|urgently", 'politeness'],
  ['kinda|sorta|basically|probably|prob|probs|prolly|honestly|literally', 'hedge'],
  ['pretty|fairly|quite sure|certain', 'hedge'],
  ['pretty please', 'politeness'],
  ["s'il vous plait|plaît", 'politeness'],
  ['por favor|favore', 'politeness'],
  ['svp|stp', 'politeness'],
  ['not|nfa financial advice', 'note'],
  ['sorry|apologies|apologize|apologise for|about the delay|wait|lateness', 'politeness'],
  ['sorry|apologies for|about the|my? late reply|payment|response', 'politeness'],
  // "…, sorry for the odd hour", "sorry for the late-night message": an apology for the asking, not the command.
  ['sorry|apologies|apologize|apologise for|about the|my|this? late-night|late|early|odd|weird|random|long? hour|hours|message|messages|text|texts|ping|spam', 'politeness'],
  // Japanese politeness and thanks, as chat mixes them in ("onegaishimasu", "arigato").
  ['onegaishimasu|onegai|kudasai|yoroshiku|onegaishimas', 'politeness'],
  ['arigato|arigatou|domo arigato|arigatou|gozaimasu?', 'thanks'],
  ['kind|sort of', 'hedge'],
  ["i'd|id|i would? say", 'hedge'],
  ['ig|iirc', 'hedge'],
  ['no cap', 'hedge'],
  // "why not, swap 2 SOL for USDC", "eh why not. send …": a shrug that opens the message, its clause ended before the command.
  ['^ eh|meh|ah|oh|ok|okay|well|sure|yeah|ya|yolo|lol|haha|hmm|so? ,? why not $', 'hedge'],
  ['i guess|suppose|think|reckon|believe', 'hedge'],
  // "…, i think that's right".
  ["that's|thats right|correct $", 'hedge'],
  ['maybe|perhaps just? &<verb>', 'hedge'],
  // "guess i'll just buy …", "might as well swap …": a hedge right before the verb it leads to.
  ["i? guess i'll|ill|i'm|im|we'll just? &<verb>", 'hedge'],
  ['might|may as well just? &<verb>', 'hedge'],
  // "sorta feel like buying 100 usdc worth of wif", "kinda feel like grabbing some wif": a mood before the verb.
  ['kinda|sorta|i|just? feel|feeling like &<verb>', 'hedge'],
  ['kind|sort of feel|feeling like &<verb>', 'hedge'],
  ['maybe|perhaps|probably|prob like &<number>', 'hedge'],
  ['like &<number>', 'hedge'],
  // "about 15 USDT", "roughly $40", "~2 SOL": an amount hedged is the amount said, as "like 10 USDC" is (every blind writer labels it so).
  [`${HEDGES_BEFORE_AMOUNT.join('|')} &<number>`, 'hedge'],
  ["it's|its|probably? about|high? time to &<verb>", 'hedge'],
  [`on|via|through|thru|using|with|at ${ARTICLES}? best|cheapest|fastest|top|any? solana? ${VENUE_WORDS} ${VENUE_WORDS}? ${VENUE_WORDS}?`, 'venue'],
  [`on|via|through|thru|using|with|at ${ARTICLES}? decentralized|decentralised exchange`, 'venue'],
  ['on|via|through|thru|using|with|at? whatever|whichever dex|route|venue|pool|aggregator|one is|has|gives? the? cheapest|best|fastest price|rate|deal|execution?', 'venue'],
  [`on|via|through|thru|using|with|at ${ARTICLES}? jup|pump . ag|fun`, 'venue'],
  [`use|using ${ARTICLES}? ${VENUE_WORDS} ${VENUE_WORDS}? to|and &<verb>`, 'venue'],
  // "swap 2 sol for usdc, use raydium": the venue said with "use" after the swap, ending the clause.
  [`use|using ${ARTICLES}? ${VENUE_WORDS} ${VENUE_WORDS}? please|pls|plz? $`, 'venue'],
  ['with|via|using|through|on the|a? best|optimal|cheapest|fastest|smart|smartest price? route|routing|path|execution', 'venue'],
  ['best|optimal|cheapest|fastest|smart|smartest route|routing|path|execution please|pls|plz? $', 'venue'],
  // "…, optimize for price", "ultra swap 1 SOL to USDC" (Jupiter's Ultra): how the route is found, not what it builds.
  ['optimize|optimise|optimized|optimised for the? best? price|rate|output|speed', 'venue'],
  ['^ jupiter|jup? ultra &<verb>', 'venue'],
  // "jito protected swap …", "with mev protection": how it is landed, which the wallet decides; named like a fee request.
  ['jito|mev|sandwich -? protected|protection|safe &<verb>', 'fee'],
  ['with|and|use|using|add|plus? jito|mev|sandwich protection', 'fee'],
  ["i? don't|dont|do not? care about|which the? venue|venues|route|dex|dexes|pool|aggregator", 'venue'],
  [`on|via|through|thru|using|with|at|use ${ARTICLES}? ${VENUE_WORDS} or|and|/ whatever|any|some|another? ${VENUE_WORDS} ,? whichever|either?`, 'venue'],
  [`and? route|send it|this|that through|via ${ARTICLES}? ${VENUE_WORDS} ${VENUE_WORDS}?`, 'venue'],
  [`and? route|routed|routing through|via|thru ${ARTICLES}? ${VENUE_WORDS} ${VENUE_WORDS}?`, 'venue'],
  [`and? route|send it|this|that? through|via|on|using ${VENUE_WORDS} or|and|/ ${VENUE_WORDS} ,? idc|whichever|either|whatever?`, 'venue'],
  [
    'with|and|use|add|set|using|include|plus|bump|increase|raise|boost|up? a|an|the|my|some? high|higher|max|low|extra|bigger|decent|small|turbo|medium|fast? priority|prio|jito|compute fee|fees|tip|tips',
    'fee',
  ],
  ['with|at|on? high|top|max|turbo|highest priority', 'fee'],
  ['priority : high|max|turbo|top', 'fee'],
  ['and? bump|boost|raise|increase|up the|my? priority|prio fee|fees?', 'fee'],
  ['with|and|add|set|use|plus? a|an|the|my? priority|prio|compute fee|fees|tip of|:? <number> sol|lamports|microlamports?', 'fee'],
  ['with|and|add|set|use|plus? a|an|the|my? <number> sol|lamports|lamport|microlamports|microlamport? priority|prio|compute|jito fee|fees|tip', 'fee'],
  ['and? crank|turn|jack|bump up the|my? priority|prio fee|fees', 'fee'],
  ['and? give|attach it|this|the? tx|transaction|swap|transfer? a|an|the? priority|prio|compute fee|fees|tip of|:? <number> sol|lamports|lamport|microlamports|microlamport $', 'fee'],
  ['and? prioritize|prioritise it|this|the? tx|transaction|swap|transfer?', 'fee'],
  ['the|a|any? priority|prio|network? fee|fees is|are fine|ok|okay', 'fee'],
  ['with|via|using|in|as a|an? jito bundle', 'fee'],
  ['and? pay|add a|an|the? higher|high|bigger|extra|more|some priority|prio fee|fees|tip', 'fee'],
  ['so that? it lands|confirms|goes through? fast|quickly|faster|quick|quicker?', 'fee'],
  ['and? add|include|attach a|an|some|small|little? tip|tips &so &it', 'fee'],
  ['and? bump|boost|raise|increase|up the|my fee|fees &so &it', 'fee'],
  ['using|use|with a|an|the? higher|high|bigger|max|increased compute unit? price|limit|budget', 'fee'],
  ['and? put|add|set|use|slap|attach a|an|the|some? high|higher|big|bigger|max|decent|good|fat? priority|prio fee|fees|tip on|to|with it|this|that|the tx|transaction?', 'fee'],
  ['the|solana? network|chain|solana is|seems|looks|feels really|super|very|kinda|pretty? busy|congested|slow|clogged|jammed today|rn|now|atm?', 'note'],
  ["the|solana? network's|networks|chain's|solana's really|super|very|kinda|pretty? busy|congested|slow|clogged|jammed today|rn|now|atm?", 'note'],
  // "add a tip for speed": a tip to the validators, said with what it is for (a bare "add a tip" could be more for the recipient).
  ['and? add|include|with|plus a|an|some|small? tip|tips for speed|priority|inclusion|validators|faster|quicker confirmation|landing?', 'fee'],
  ['and? set|use|make|put the? priority to|at|on? high|max|turbo|top|highest', 'fee'],
  ['and|with? priority|prio fee|fees? on|at low|medium|normal|high|max|turbo', 'fee'],
  ['and? set|use|make|put the|a? priority|prio fee|fees to|at|on? high|max|turbo|top|highest|fast', 'fee'],
  ['and? set|use|make|put the|a? priority|prio|compute fee|fees to|at|of|= <number> sol|lamports|microlamports', 'fee'],
  ['pay|add|use extra|more|higher|high priority fee|fees?', 'fee'],
  // "I'll pay a priority fee", "pay whatever fee", "bump the compute unit price".
  ["i'll|ill|we'll|i|we will? pay|cover a|an|the|any|whatever|extra? priority|prio|network? fee|fees|tip it? takes|needed?", 'fee'],
  ['pay|cover whatever|any priority|prio|network? fee|fees|tip it? takes|needed?', 'fee'],
  // "happy to pay a bit more priority fee".
  ["i'm|im? happy|glad|fine|ok|okay to pay|cover a? bit? more|extra|higher|some? priority|prio|network? fee|fees|tip", 'fee'],
  ['and? bump|raise|increase|up|set the|my? compute unit? price|limit|budget', 'fee'],
  ["so that? the? it|tx|transaction doesn't|doesnt|won't|wont drop|fail|time out?", 'fee'],
  ['create|open|init|initialize|make|setup the|a|an|their|his|her|my|its|any? associated? token? <token>? account|accounts|ata|atas if|when|as? needed|necessary|required|missing?', 'account'],
  [
    "they|he|she|recipient|it|they're might|may|could|probably? not|don't|doesn't|do|does|never? not? have|has|had|need|needs a|an|the|any|no? <token>? token? account|ata yet|already?",
    'account',
  ],
  ['the|an? <token>? token? ata|account may|might|will|could? need|needs creating|creation|created', 'account'],
  ['incl|including|with|plus ata|account creation', 'account'],
  ['the? rent|fee|fees for the|a|an|their|my? new? <token>? token? account|ata is|are fine|ok|okay', 'account'],
  ["the|their|his|her|an|its? <token>? token? ata|account might|may|could|probably|does|doesn't|won't|will? not? exist yet?", 'account'],
  ["they've|they|he|she|he's|she's|recipient|it have|has? never held|had|received|used <token>? before?", 'account'],
  ['the|this|that? destination|receiver|recipient|address|wallet has never held|had|received|used <token>? before?', 'account'],
  ['no <token>? token? account|ata yet?', 'account'],
  ['and? set up the|a|an|my? <token>? token? account|accounts|ata too|also?', 'account'],
  ["i've|ive|i|we|we've? never held|had|owned|bought|used <token> before", 'account'],
  ['so? no rent|ata|account creation? needed|required|necessary', 'account'],
  ['no rent|ata|account creation? should|will|would be needed|required|necessary', 'account'],
  // "the rent-exempt deposit for their account is fine": the account's rent, no deposit into a protocol.
  ['rent-exempt|rent exempt? deposit|deposits', 'account'],
  // "they're new to USDC so …": the recipient never held the token (only the command's: tokenize's withoutForeignAccounts).
  ["they're|theyre|he's|she's|hes|shes|i'm|im new to <token>", 'account'],
  ["don't|dont|do not? worry|care if|whether i|we|they|he|she need|needs a|an|any|the? new? <token>? token? account|accounts|ata", 'account'],
  ['skip|forget|ignore the <token>? token? account|ata creation|setup? stuff|thing|part|step?', 'account'],
  ['the? ata|account|rent stuff|thing|things ,? whatever? just? handle|sort it|that?', 'account'],
  ["fyi? it's|its|it is? a|an fresh|new|empty wallet with? no|zero <token>? token? accounts|account|atas", 'account'],
  ["don't|dont|do not? worry|care about|bout|abt|for the|a|an|any|their|his|her|my|its? <token>? token? account|accounts|ata|atas|rent", 'account'],
  // "fine with paying ata rent", "paying the account rent is totally fine", "pay whatever rent the usdc account needs".
  ['fine|ok|okay|happy|cool with paying|covering the|any? <token>? token? ata|account rent|fee|fees', 'account'],
  ['paying|covering the|any? <token>? token? ata|account rent|fee|fees is|are totally|completely|perfectly? fine|ok|okay', 'account'],
  ['and? pay|cover whatever|any rent the|their|my|a? new? <token>? token? account|ata needs|requires|takes', 'account'],
  ['and? open|create|make whatever|any account|accounts|ata|atas it takes|needs', 'account'],
  // "i know mSOL needs an ata", "needs new ata": the command's token (tokenize's withoutForeignAccounts) and its account.
  ['<token> needs|requires an|a|its own? token? ata|account', 'account'],
  ['needs|need a|an? new <token>? token? ata|account', 'account'],
  ["don't|dont|do not? worry|care if|whether they|he|she|it|recipient don't|doesn't|dont|doesnt|do|does|never not? have|has|had a|an|any|the? <token>? token? account|ata|one yet?", 'account'],
  ['i|we|they|he|she|recipient already have|has? one|it|them|an|a|the|my|their|his|her <token>? token? account|ata?', 'account'],
  ['i|we know|understand|realize|realise it|this|that|i|we|they? will|may|might|could|would? create|creates|open|opens|need|needs a|an|the|their|new? <token>? token? account|accounts|ata for? them|him|her|me?', 'account'],
  ["it's|its|it is ok|okay|fine if it|this|that create|creates|open|opens|need|needs a|an|the|new? <token>? token? account|ata", 'account'],
  ["i'll|ill|i|we will|can|'ll? cover|handle the? rent|fee|fees|cost for|of the|their|an|a? <token>? token? account|ata", 'account'],
  ["that's|thats|that is|it's|its fine|ok|okay $", 'politeness'],
  ['the|their|his|her|its|my <token>? associated? token? account|ata already? exists|exist', 'account'],
  // "i don't have a BONK token account yet": the swap creates it.
  ["i|we don't|dont|never have|had a|an|any|the|my? <token>? token? account|ata|one for? it|them? yet?", 'account'],
  ['i|we do not have a|an|any|the|my? <token>? token? account|ata|one for? it|them? yet?', 'account'],
  ['even? though|although i|we have|had no <token>? token? account|ata yet?', 'account'],
  ['so|and please|pls|plz? make|create|open one|it if? needed|necessary|required? $', 'account'],
  ['make|create|open one $', 'account'],
  // "make the associated token account for them if it's missing", "I've never had a JitoSOL account", "the wallet, not the token account".
  ["make|create|open the|a|an|their? associated? token? <token>? account|ata for them|him|her|the? recipient? if|when it's|its|they're|it? is? missing|needed|necessary|required", 'account'],
  ["i've|ive|we've never had|held|owned a|an|any? <token>? token? account|ata|one? before?", 'account'],
  ['the|his|her|their|its? wallet|address ,? and? not the|a|an|its|their? <token>? token? account|ata', 'account'],
  ["it'll|itll|it|this|that'll will|may|might? need|needs|require|requires|create|creates a|an new? <token>? token? account|ata", 'account'],
  ['make|create|open one|it if u|you need|must|have to?', 'account'],
  // "open the bsol account for me if i need one", "idk if i have an associated token account for usdc".
  ['open|create|make the|a|an|my <token>? associated? token? account|ata for me? if i|we need|needs one|it?', 'account'],
  ['idk|dunno|unsure if|whether i|we have|got an|a|the|any? <token>? associated? token? account|ata for? <token>?', 'account'],
  // "…, so they'll need an ATA", "no need to create one": what the recipient's token account needs, which the build handles.
  ["so? they'll|theyll|he'll|she'll|they|he|she|recipient will|may|might? need|needs a|an|the|new? token? account|ata $", 'account'],
  ['so? no need to create|open one|a|an|the? new? token? account|ata? $', 'account'],
  ["if the|a|an|their|my? <token>? token? account|ata needs|has to be? created|made|opened that's|thats|its|it's|is fine|ok|okay", 'account'],
  ['my|the|their|his|her <token>? token? accounts|account|atas|ata are|is all? set up|ready|created|fine|there already?', 'account'],
  ['and? make sure the|their|his|her|my? <token>? token? account|ata exists|is|gets created|there?', 'account'],
  // "if they don't have one" is a remark (the transfer creates the account); "if they have one" is a condition, and stays one.
  // "if he doesn't have any SOL" names no account: a condition on what he holds, and stays one.
  ["even? if|when|in? case? they|he|she|it|recipient don't|doesn't|dont|doesnt|never have|has|had one yet?", 'account'],
  ["even? if|when|in? case? they|he|she|it|recipient don't|doesn't|dont|doesnt|never have|has|had any|an|a|the? <token>? token? account|ata yet?", 'account'],
  ['if|when|in? case? they|he|she|it|recipient do|does not have|has one yet?', 'account'],
  ['if|when|in? case? they|he|she|it|recipient do|does not have|has any|an|a|the? <token>? token? account|ata yet?', 'account'],
  // "(that's Alice)", "(rent share)": a note in brackets of plain words only (no amount, token, time or negation).
  ['( … )', 'note'],
  // "send 25 USDC to alice (<address>)": the name of the address that follows in brackets.
  ['to … &( &<address>', 'note'],
  // "send my boy <address> 0.3 SOL": who the address is, right before it.
  ['to? my|our boy|bro|brother|homie|buddy|pal|dude|friend|mate|sis|sister|cousin|mom|dad &<address>', 'note'],
  // "<address> is the addy": what the address is, right after it.
  ['is|=|: the|my|his|her|their|our? addy|address|addr|wallet|recipient|destination $', 'note'],
  // "to the designated treasury address <address>": who the address is, in plain words right before it.
  ['to the|my|our|his|her|their … &<address>', 'note'],
  // "process a payment of 10 USDC to <address>": the payment is the transfer said as a noun.
  ['execute|process|make|send|initiate|do|complete a|the payment|transaction of &<number>', 'grammar'],
  ["i know this|it is|it's|its a? small|big|quick|silly|dumb|weird|tiny thing|ask|request|favor|favour", 'politeness'],
  // "…, send me the tx signature after": a request about the reply, not a second action.
  ['and? send|give|show|share me|us? the|a tx|transaction|txn? signature|hash|id|link|receipt after|afterwards|when done?', 'note'],
  ['execute|run|perform|initiate|process|place|submit|make|do|complete|facilitate|create|build|prepare|generate|construct|start|gimme|open a|an|the|me? a? &<verb>', 'grammar'],
  // "use the jupiter swap action to swap …": how an agent framework names its tools.
  [`use|using|call|run the|your|a? ${VENUE_WORDS}? swap|transfer|trade|send action|tool|function|command|skill to|and? &<verb>`, 'grammar'],
  // "…, keep the rest", "same as always", "i have the funds available": remarks that size nothing.
  ['and? keep|leave|hold the rest|remainder', 'note'],
  ['same? as always|usual', 'note'],
  // "for the memes", "yes i know about price impact, just do it", "just testing if this works": why, and that the risks are known.
  ['for the|my? airdrop? memes|vibes|lols|lulz|fun|culture', 'note'],
  // …but "meme" is a noun's adjective too ("for the meme contest").
  ['for the|my? airdrop? meme $', 'note'],
  ['yes|yeah|yea? i know|understand about? the? price? impact|slippage|risk|risks|fees', 'note'],
  ['just? do it', 'politeness'],
  ['just? testing|checking|seeing if|whether this|it works|working', 'note'],
  ['wrong wallet|address|addy|one|paste|copy', 'note'],
  // "…, that's my other wallet": the recipient said to be the sender's own (an "other" said alone may change what is built).
  ["that's|thats|it's|its|this|that is? my other wallet|account|address|addy", 'note'],
  // "they said their token account already exists, so it should be simple": hearsay and reassurance around a command.
  ['so? it should|will|would be simple|easy|quick|fine|straightforward', 'note'],
  // Hearsay about the recipient or the transfer, not a command quoted ("they said: swap …" stays a quote).
  ['they|he|she said|says|say that? &their|the|it|its|his|her|he|she|they', 'note'],
  ['they|he|she told me that? &their|the|it|its|his|her|he|she|they', 'note'],
  // Dictation says its punctuation ("… for usdc full stop").
  ['full stop|point', 'grammar'],

  // "complete a deal to purchase 100 USDC using ETH": the deal is the purchase.
  ['complete|close|make|do a|the deal|trade to &<verb>', 'grammar'],
  // "send 3 JUP to <address> as a gift": what the transfer is for, not a second one.
  ['as a|an|my? lil|little|small|tiny? birthday|christmas|wedding? gift|present|donation|loan|refund|repayment', 'note'],
  ['rent|pay|payday|bill|bills|tax day|week', 'note'],
  ["it's|its|thats|that's a|an|my? small|little|quick? tip|gift|present|donation for? …?", 'note'],
  ['it|this|that is a|an|my? small|little|quick? tip|gift|present|donation for? …?', 'note'],
  ["lmk|ping|notify me? when|once it's|its|it is? done|finished|confirmed|complete|through", 'note'],
  ["let|tell me know? when|once it's|its|it is? done|finished|confirmed|complete|through", 'note'],
  ["idk|unsure|dunno if|whether that's|thats|it's|its|this|that|it is? enough|sufficient for|to cover? the? fees|fee|gas", 'note'],
  ["not sure if|whether that's|thats|it's|its|this|that|it is? enough|sufficient for|to cover? the? fees|fee|gas", 'note'],
  // "… . Hopefully it's enough!", "hope the fee isn't crazy today": hopes about the fee, which the network sets.
  ["hopefully that's|thats|it's|its|this|that|it is? enough|sufficient $", 'note'],
  ["hopefully that's|thats|it's|its|this|that|it is? enough|sufficient for|to cover? the? fees|fee|gas $", 'note'],
  // "…, that should cover me for a while": why the amount, not a change of it.
  ["that|this|it|that'll|thatll|it'll|itll should|will|would? cover|last me|us for? a|the? while|week|weekend|month|bit $", 'note'],
  // "I only have a little SOL left for fees": what is left to pay the network.
  ["i|we? only|just have|got a? little|bit|tiny of? <token>? left|remaining for|to cover? the? fees|fee|gas", 'note'],
  ["i? hope|hopefully the? fee|fees|gas is|are|isn't|isnt|aren't|arent|won't|wont|doesn't|doesnt not? be|get? too? low|cheap|ok|okay|fine|crazy|high|bad|expensive|much|wild today|rn|now?", 'note'],
  ['nothing fancy|crazy|special|big|major', 'note'],
  // "the price of SOL with 24-hour volume and price change": figures a price answer may hold, not a time.
  ['and|with? the? 24 -? hour|hr|h|hours volume|change|high|low|range|stats and|& price? change|volume|high|low', 'note'],
  ['and|with? the? 24 -? hour|hr|h|hours volume|change|high|low|range|stats', 'note'],
  ["since|because|as it's|its|they're|theyre|it|they is|are? volatile|illiquid|thin|pumping|dumping|moving", 'note'],
  ['for? invoice|inv|order|bill|receipt #|no|number? <number>', 'note'],
  // "— ref: consulting invoice": a reference for the payment, in plain words.
  ['ref|reference|memo|re|note : …', 'note'],
  ['i|we have|got the|enough? funds|balance|money available|ready|there?', 'note'],
  ['set|fire up|off a|an|the? &<verb>', 'grammar'],
  // "buy for me bonk for 50 usdc": who it is for, as non-native speakers say it.
  ['for me|us', 'grammar'],
  // "not sure if this is a dumb question but …", "sorry if i'm doing this wrong": doubts about the asking, not the command.
  ["not sure if|whether this|it is|'s a? dumb|stupid|silly|basic|obvious|noob question", 'politeness'],
  ["sorry if i'm|im|i am? doing|asking this|it wrong", 'politeness'],
  // "I checked the address twice": the recipient vouched for, not changed.
  ["i|i've|ive checked|double-checked|verified|triple-checked the|this|that|their|his|her address|addy|wallet|it twice|thrice|already|again?", 'note'],
  // "… but I'm not sure how much yet, I'll let you know": the amount still to come, which the frame asks for.
  ["but? i'm|im|i? am? not sure how much|many yet?", 'hedge'],
  ["i'll|ill|i will let you|u know", 'politeness'],
  // "… Sent from my iPhone": a mail client's signature.
  ['sent from my iphone|ipad|phone|android|mobile|samsung|pixel|galaxy', 'note'],
  // "…, sell 100 jup right now bot", "Agent, how much …": the bot addressed by name.
  ['bot|agent|assistant $', 'politeness'],
  ['^ bot|agent|assistant &,', 'politeness'],
  // What the money is for ("for lunch yesterday", "for dinner tonight", "for the rent split", "it's for rent"): a purpose, not a schedule.
  [`its|it's|it|this|that|that's|thats? is? for ${ARTICLES}|our|his|her|their? ${PURPOSES} ${PURPOSES}? last? ${PURPOSE_TIMES}? $`, 'note'],
  // "… . It's my half of the dinner last night.": the sender's part of what the payment is for.
  [`its|it's|it|this|that|that's|thats? is? my|our|his|her|their half|share|part|portion|cut of ${ARTICLES}|our|his|her|their? ${PURPOSES} ${PURPOSES}? last? ${PURPOSE_TIMES}? $`, 'note'],
  // "need cash for the weekend", "need gas money for the week": why, not when.
  [`i? need|needed|want|wanted some? gas|spending|pocket? cash|money|funds|liquidity|stables for ${ARTICLES}|this|next? ${PURPOSES}|weekend|week|month|holiday|holidays|vacation`, 'note'],
  // "(first time holding kmno, no account yet)": the account the transfer or swap creates.
  // "I read a thread about it and got curious.", "… and now I'm curious.": how the sender came to it ("just curious" still asks).
  ["got me? curious $", 'note'],
  ["and? now i'm|im|i am curious $", 'note'],
  // "first time trying this app": the sender new to Parley.
  ['first|1st time using|trying|on|with this|the app|bot|thing|platform|tool|agent|site|service', 'note'],
  // "…, first time doing this", "… . It's my first transfer.", "my first time ever lol": the sender new to it, said as a whole clause.
  ["it's|its|this|that's|thats is? my|our? very? first|1st time|swap|transfer|trade|transaction|tx|send|payment|purchase ever? doing|trying|using? this|it|crypto|solana? ever? here? lol|haha|lmao? $", 'note'],
  // (Never "first" alone before the noun: "…, but first swap" asks for a swap first.)
  ["my|our very? first|1st time|swap|transfer|trade|transaction|tx|send|payment|purchase ever? doing|trying|using? this|it|crypto|solana? ever? here? lol|haha|lmao? $", 'note'],
  ['first|1st time doing|trying|using this|it|crypto|solana ever? here? lol|haha|lmao? $', 'note'],
  ['first|1st time i|they|he|she|we|recipient? holding|hold|holds|receiving|receive|receives|getting|get|gets|using|buying|owning <token>?', 'account'],
  ['make|create|open one|it if|when|as needed|necessary|required', 'account'],
  ['and? pay|cover for? the|their|his|her|a|an|any|its? <token>? token? account|accounts|ata|atas|rent if|when|as? needed|necessary|required?', 'account'],
  ['best|cheapest|fastest? route|price|rate|routing on|via|through any|whatever|whichever dex|venue|pool|aggregator is|are fine|ok|okay', 'venue'],
  // "(supplier payment, PO 8812)": a reference number in a note in brackets.
  ['( … ,? po|ref|reference|ticket|case|invoice|inv|order #|no|number? <number> )', 'note'],
];

/**
 * Slippage: the words that name it, the words that may stand between it and its value
 * ("slippage must stay below 0.1%"), and the words before or after that go with it ("allow 2%
 * slippage", "1% slippage max").
 */
export const SLIPPAGE = {
  words: new Set(['slippage', 'slipage', 'slippages', 'slip', 'slippage:', 'slippage=', 'slippage-tolerance']),
  links: new Set([
    'max', 'maximum', 'tolerance', 'set', 'is', 'at', '=', ':', 'up', 'to', 'of', 'below', 'under', 'within', 'less', 'than', 'no', 'more',
    'most', 'must', 'stay', 'stays', 'be', 'should', 'keep', 'capped', 'limited', 'cap', 'limit', 'exceed', 'exceeds', 'over', 'beyond', 'allowed', 'allow',
    'go', 'goes', 'above', 'get', 'higher', 'low', 'lower', 'not', 'float', 'floats', "shouldn't", 'shouldnt', "mustn't", 'tight', 'tightly', 'around', 'only',
    // A tolerance said loosely is still the tolerance ("slippage maybe 1%").
    'maybe', 'perhaps', 'about', 'roughly', 'approximately', 'approx', 'or', 'past',
  ]),
  leads: new Set([
    'with', 'and', 'at', 'max', 'maximum', 'a', 'set', 'using', 'use', 'allow', 'allowing', 'accept', 'accepting', 'tolerate', 'tolerating',
    'w', 'keep', 'keeping', 'cap', 'capping', 'limit', 'limiting', 'up', 'to', 'the', 'my', 'of', 'your', 'max.', "don't", 'dont', 'do', 'not', 'let',
    'fine', 'ok', 'okay', 'happy', 'good', 'live', 'can', 'i', "i'm", 'im', 'am', 'less', 'than', 'under', 'below', 'within', 'most', 'no', 'more',
    'change', 'bump', 'raise', 'permit', 'permitting', 'for', 'but', 'tight', 'tightly', 'never', 'make', 'adjust', 'configure', 'apply',
    'put', 'give', 'it', 'lower', 'reduce', 'increase', 'tighten', 'loosen', 'exceed', 'exceeding', 'go', 'over', 'above',
  ]),
  trails: new Set(['max', 'maximum', 'tops', 'tolerance', 'allowed', 'ok', 'okay', 'is', 'fine', 'room', 'buffer']),
  /** Of `leads`, the denials, and the words that make one a cap ("don't allow more than 1%", "never over 1%"): a denial without one is refused. */
  denials: new Set(["don't", 'dont', 'not', 'no', 'never']),
  caps: new Set(['more', 'than', 'over', 'above', 'exceed', 'exceeding', 'go', 'beyond', 'higher', 'past']),
  /** After the slippage, what it applies to ("… on this one", "… for this trade", "… when you swap"): said with it. */
  appliesTo: ['on|for this|that|the one|swap|trade|transaction|order|tx', 'on|for this|that $', 'when|as|while you|u &<verb>', 'on &<number>'],
};

/** Words the tokenizer's rules read, each named for the rule (tokenize.ts). */
export const RULE_WORDS = {
  /** Beside a route or a landing asked for, words that make it a condition ("… only with mev protection"). */
  asideConditions: new Set(['only', 'exclusively', 'strictly', 'solely', 'just', 'must']),
  /** A swap mode said before the amount, as the verb it stands for ("exact-in 3000 USDT -> PYUSD", "exact out 1000 USDC, input SOL"). */
  swapModes: table<string>({ 'exact-in': 'swap', exactin: 'swap', 'exact-input': 'swap', 'exact-out': 'buy', exactout: 'buy', 'exact-output': 'buy' }),
  /** Labels of a swap's sides before a token ("input SOL", "output: USDC"). */
  sideLabels: table<Marker>({ input: 'in', output: 'out' }),
  /** A mention that opens a message names a bot with one of these ("@SolTipBot", "@cookkiiee_bot"). */
  botNames: ['bot', 'parley', 'agent', 'assistant'],
  /** Before "change", these make it a figure, not a verb ("24-hr price change of ETH"). */
  changedFigures: new Set(['price', 'percent', 'percentage', 'daily', 'weekly', 'value']),
  /** …and, alone with a token in its clause beside another verb, what is paid ("buy 5000 W, pay USDC"). */
  paidLabels: new Set(['pay', 'paying']),
  /** After "by", the way a swap is paid ("get 10 USDC by selling SOL"). */
  byPaying: new Set(['selling', 'swapping', 'trading', 'using', 'spending', 'converting', 'exchanging', 'dumping']),
  /** Between a token and what names its side of a swap ("for my USDC", "2 of the SOL"). */
  sideDeterminers: new Set(['my', 'the', 'some', 'your', 'all', 'of', 'our']),
  /** Texting's "2" for "to" ("snd 4 USDC 2 <address>"), read so only after an amount and right before an address. */
  textedTo: new Set(['2']),
  /**
   * Texting's "2" and "4" ("to", "for") alone between the two tokens of a bare pair after a purchase, or between a token and
   * the address, or between the verb and the address, the only number said ("buy wif 4 usdc", "send sol 2 <address>", "send 2 <address>
   * sol"): an amount, or "buy wif for usdc" with none?
   * Never read as an amount; "buy wif 20 usdc" is one.
   */
  textedMarkers: new Set(['2', '4']),
  /**
   * Between an amount's token and the last token of a swap, "too" mistyped for "to" ("swapp 2 sol too usdc"). Texting's "2"
   * and "4" there stay unclear: "swap 1 sol 2 usdc" may name a price.
   */
  typedTo: new Set(['too', 'ti']),
  /** Signs that say no, and signs that say later ("❌ swap …", "swap … ⏳"). */
  noSigns: new Set(['❌', '🚫', '⛔', '✖', '🙅', '🙅‍♂️', '🙅‍♀️']),
  /** Signs of doubt ("send 20 USDC to <address> 🤔"): a word nothing explains, so a transaction beside one is refused. */
  doubtSigns: new Set(['🤔', '🤨', '🫤', '😕', '🤡']),
  laterSigns: new Set(['⏳', '⌛', '⏰', '🕛', '🕐', '📅', '🗓']),
  /** Russian "na" (to) only between two tokens ("obmenyai 1 SOL na USDC"); elsewhere it may be Hindi's "not" ("na bhejo"). */
  toBetweenTokens: new Set(['na']),
  /** Arabic's "b"/"bi" (for, with) only between two tokens ("baddel 1 SOL b USDC"): as "for", after a purchase it names the price. */
  forBetweenTokens: new Set(['b', 'bi']),
  /**
   * Right before a verb, other languages' "not" and "don't": Arabic "ma" and "la" ("ma tbaddel", "la baddel"), Hindi "mat" and
   * "na" ("na bhejo"). Elsewhere they may be other words ("ma" is "but" in Italian, "la" an article).
   */
  notBeforeVerb: new Set(['ma', 'la', 'mat', 'na']),
  questionParticles: new Set(['mi', 'mu']),
  /**
   * A verb's last vowel written with an acute accent says a past ("envié", "compré", "vendí", "envió": I sent, bought, sold, he
   * sent; French "échangé", "acheté": exchanged, bought), never the command its base letters spell ("envie", "compre", "vendi",
   * "echange"). Argentina's "cambiá" (change!) keeps its "á".
   */
  pastAccents: new Set(['é', 'í', 'ó', 'É', 'Í', 'Ó']),
  /** French elisions before a token: "l'USDC", "d'USDC" (the, some). */
  elisions: new Set(['l', 'd']),
  /**
   * A partitive ("some") after a word that marks a side or a vague quantity and before a token: "contre de l'USDC", "avec des
   * USDC", "un peu de SOL", "un poco de SOL". Elsewhere "de" may size a token ("10 USDC de BONK") and stays unread, and so do
   * the vague quantities ("en un poco": in a bit).
   */
  partitives: new Set(['de', 'des', 'du']),
  vagueBeforePartitive: new Set(['poco', 'peu', 'pouco']),
  /** Hindi's "ke liye" (for) after the token received ("aadha BONK bech do SOL ke liye"), and "se" (from, with) after the token paid, before the other and its verb ("SOL se USDC mein badlo", "10 USDC se BONK kharido"). */
  hindiFor: ['ke', 'liye'],
  /** Turkish "ile" (with), after the token paid: "100 USDC ile BONK al" buys BONK with 100 USDC. */
  turkishWith: new Set(['ile']),
  /**
   * Other languages' "from" right before an address ("envoie 5 USDC de <address>", "envía … desde …", "schick … von …",
   * "kirim … dari …", Arabic "من" as written): money from that address, as "from" is.
   */
  fromBeforeAddress: new Set(['from', 'de', 'desde', 'von', 'dari', 'da', 'depuis', 'iz', 'min', 'men', 'mn', 'من', 'az', 'از']),
  hindiFrom: new Set(['se']),
  /**
   * Other languages' "to", after a verb that sends and right before the address: Nigerian Pidgin's "give" ("send 10 USDC
   * give <address>"), German "an", Tagalog "kay" and "sa", Italian "a".
   */
  toBeforeAddress: new Set(['give', 'an', 'kay', 'sa', 'a']),
  /** The digits Arabic in Latin letters writes letters with ("3ayez", "7awwel", "5alli"), and the clock's words a digit may be glued to ("9am"). */
  arabiziDigits: new Set(['2', '3', '5', '6', '7', '8', '9']),
  clockSuffixes: new Set(['am', 'pm']),
  /** Turkish case endings after an apostrophe: "SOL'u" (the object), "USDC'ye" (to USDC), "BONK'umu" (my BONK, the object), "BONK'un" (of BONK: "BONK'un yarısını", half of it). */
  turkishObject: new Set(['u', 'i', 'yu', 'yi', 'nu', 'ni', 'umu', 'imi', 'ini', 'unu', 'umi', 'un', 'in', 'nin', 'nun', 'umun', 'imin']),
  turkishTo: new Set(['e', 'a', 'ye', 'ya', 'ne', 'na']),
  /** …and "SOL'dan" (from SOL: what is paid). */
  turkishFrom: new Set(['dan', 'den', 'tan', 'ten']),
  /**
   * Hindi's postpositions, after what they mark: "ko" after the token or address a verb acts on, "pe"/"par" after an
   * address ("<address> pe"), and "mein"/"me" after the token received, right before the verb ("1 sol ko usdc mein swap kar do").
   */
  hindiMarks: new Set(['ko', 'pe', 'par']),
  hindiInto: new Set(['mein', 'me', 'main']),
  /**
   * People named as words ("my sister", "his brother"): after an address and "and", a second recipient ("send 20 USDC to
   * <address> and my sister"); before the verb with only `auxiliaries` between, someone else acting ("my wife will send …").
   */
  people: new Set(PEOPLE),
  peopleJoiners: new Set(['and', '&', 'plus']),
  peopleOwners: new Set(['my', 'his', 'her', 'their', 'our', 'your']),
  auxiliaries: new Set(['will', 'would', 'can', 'could', 'should', 'is', 'was', 'going', 'gonna', 'to', 'wants', 'needs', 'might', 'may', 'just', 'also']),
  /** "put 1 SOL into marinade": after these verbs and "into", a protocol named like its token (not by its symbol: "put 50 USDC into JUP" buys JUP) is a deposit. */
  depositVerbs: new Set(['put', 'move', 'park', 'stick', 'throw', 'drop']),
  intoProtocol: new Set(['into', 'in', 'inside']),
  /** After a determiner and before "for", beside a transfer to an address, these name the payment itself ("the deposit for the car"). */
  paymentNames: new Set(['deposit', 'downpayment']),
  protocols: new Set(['marinade', 'jito', 'kamino', 'raydium', 'meteora', 'sanctum', 'solend', 'marginfi']),
  /** "what are my options": after these, "options" are choices, not options trading. */
  choices: new Set(['options']),
  choicesAfter: new Set(['my', 'your']),
  /** "this one", "that one": a pointer, not the number 1. */
  pointerBeforeOne: new Set(['this', 'that', 'the', 'which']),
  /** …and these, where no token or number follows ("right one: <address>"; "swap right one sol" says 1 SOL). */
  adjectivesBeforeOne: new Set(['right', 'correct', 'wrong', 'new', 'real', 'proper', 'actual']),
  /** "2 percent", "5 pct", "3 per cent". */
  percent: new Set(['percent', 'pct']),
  /** "50 bps", "50 bp", "50 basis points". */
  bps: new Set(['bps', 'bp']),
  /** Joined to a number, a time ("5pm", "2h", "3rd") or leverage ("10x"). */
  timeSuffixes: new Set(['am', 'pm', 'h', 'hr', 'hrs', 'min', 'mins', 'd', 's', 'th', 'st', 'nd', 'rd']),
  leverageSuffixes: new Set(['x']),
  /** After a number, a clock time ("5 pm", "9 o'clock"). */
  clockWords: new Set(['am', 'pm', "o'clock", 'oclock']),
  /** "at 150" is a price to wait for, unless a share or slippage is said around it ("at 1% slippage", "slippage at 1"). */
  shareUnits: new Set(['%', 'bps', 'bp', 'percent', 'pct']),
  /** "at a good price", "the right moment": a price or a moment to wait for. */
  waitAdjectives: new Set(['good', 'better', 'right', 'decent', 'fair', 'target', 'cheap', 'cheaper', 'lower', 'higher', 'nice', 'perfect', 'sweet', 'dope', 'lit', 'perf', 'great', 'high', 'solid', 'sick', 'lowkey', 'ez']),
  waitNouns: new Set(['price', 'prices', 'rate', 'moment', 'time', 'entry', 'level', 'point']),
  /** "long SOL", "go short": leverage. */
  positions: new Set(['long', 'short']),
  /** "give me", "give us": a purchase. */
  giveTo: new Set(['me', 'us']),
  /** After such "me", what was sent that is no money ("My friend sent me his address."): its sender pays nothing. */
  sentDetails: new Set(['address', 'addy', 'addr', 'wallet', 'pubkey']),
  /** "on Ethereum", "via Base": the chain of the command. */
  chainPrepositions: new Set(['on', 'via', 'to', 'over']),
  /** "on Solana" closes a command when what follows is its end or one of these. */
  afterChain: new Set(['to', 'for', 'into', 'with', 'from']),
  /** Before a venue named like a token ("via Jupiter"), a preposition that only routes: never the token. */
  routingOnly: new Set(['via', 'through', 'thru']),
  /** "ethereum chain", "base network". */
  chainSuffixes: new Set(['chain', 'network', 'mainnet', 'blockchain', 'l2']),
  /** After a chain's name, what is held there: "check Polygon balance", "my ethereum wallet" ("ethereum price" asks for ETH). */
  chainHoldings: new Set(['balance', 'balances', 'bal', 'portfolio', 'wallet', 'wallets', 'holdings', 'assets', 'address', 'account']),
  /** Verbs after which "on X" is what is bought ("spend 10 USDC on solana" buys SOL). */
  spendingVerbs: new Set(['spend', 'put']),
  /** "mint <address>", "CA: <address>": a label for the address. */
  addressLabels: new Set(['mint', 'ca', 'contract']),
  addressLabelLinks: new Set([':', 'is', 'address', 'addr', '=']),
  /** "… send me the signature after": at the very end, schedules nothing. */
  finalAfter: new Set(['after', 'afterwards']),
  /** "full", "whole", "entire" are shares only of something ("my whole bag"). */
  wholeWords: new Set(['full', 'whole', 'entire']),
  wholeOf: new Set(['balance', 'amount', 'bag', 'stack', 'position', 'of', 'thing']),
  /** "the rest of my PYTH", "the remainder of my USDC": all of it. */
  remainders: new Set(['rest', 'remainder']),
  /** Shares that take a scale named in words: "half a million" is 500,000, "a quarter million" 250,000 ("half a grand" may be dollars). */
  scaledShares: new Set(['half', 'quarter']),
  wordScales: new Set(['thousand', 'million', 'billion', 'mil', 'bil']),
  /** After "my" and a token, the whole of it ("sell my bonk bag"). */
  bags: new Set(['bag', 'bags', 'stack']),
  /** "one and a half", "one n a half", "a hundred and five": the words that join number words. */
  numberJoiners: new Set(['and', 'n', '&']),
  /** "a half", "one third": shares an article may open. */
  articleShares: new Set(['half', 'quarter', 'third']),
  articles: new Set(['a', 'an', 'one']),
  /** After a recipient, a phrase of words these open says when or on what condition, not what the payment is for ("on completion", "on payday"). */
  whenMarkers: new Set(['on', 'upon']),
  /** A sentence before the command that opens with these tells the sender's situation ("I'm up nicely this month."). */
  situationOpeners: [["i'm"], ['im'], ['i', 'am'], ["i've"], ['ive'], ['i', 'have', 'been'], ["we're"], ["we've"], ['been']],
  /** …and without a plan in it ("I'm doing this after a confirmation.", "I'm going to …"). */
  plans: new Set(['doing', 'going', 'gonna', 'will', "i'll", 'ill', 'planning', 'plan', 'planned', 'intend', 'intended', 'waiting', 'sending', 'selling', 'buying', 'swapping', 'trading']),
  /** In such a sentence, time words that look back ("since the airdrop") rather than schedule ("after a meeting" may). */
  lookingBack: new Set(['since']),
  /** …and spans said with "this" that hold the past ("this month"; "this evening" may still come). */
  periods: new Set(['week', 'month', 'year']),
  /** A hedge before an amount (ASIDES: "about 15 USDT"); not before a time ("at around 5"). */
  hedgesBeforeAmount: new Set(HEDGES_BEFORE_AMOUNT),
  timePrepositions: new Set(['at', 'by', 'until', 'til', 'till', 'before', 'after']),
  /** "the SOL one", "my USDC wallet one": who owns the address described. */
  ownersBeforeOne: new Set(['the', 'my', 'his', 'her', 'their', 'your', 'our']),
  walletWords: new Set(['wallet', 'address', 'account', 'ata']),
  /** "one more thing: …": after "one more", what makes it another request rather than an amount. */
  anotherRequest: new Set(['thing', 'request', 'favor', 'favour', 'question']),
  /** Before an amount, words that make it a bound ("over 5 USDC", "up to $50"); after one, with "or" ("5 USDC or more"). */
  boundsBefore: ['over', 'above', 'under', 'below', 'up to', 'upto', 'as much as', 'as little as', 'more than', 'less than', 'at least', 'at most', 'no more than', 'no less than', 'min', 'max'],
  boundsAfter: new Set(['more', 'less', 'fewer', 'above', 'below', 'higher', 'lower', 'greater', 'over', 'under']),
  /** "… rent is due soon", "due tomorrow": a time a bill is due, not one the command waits for. */
  dueBefore: new Set(['due']),
  /** A month before one of these names the bill, not a date ("March rent"). */
  months: new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'sept']),
  bills: new Set(['rent', 'bill', 'bills', 'invoice', 'salary', 'payroll', 'dues', 'subscription', 'allowance', 'stipend', 'wages', 'paycheck']),
  /** After one of `personalPossessives`, these make a number an age or an anniversary ("her 30th"). */
  ordinalSuffixes: new Set(['th', 'st', 'nd', 'rd']),
  personalPossessives: new Set(['my', 'your', 'his', 'her', 'our', 'their']),
  /** Two words that ask to wait ("swap 2 SOL for USDC. hold on", "…, hold it"). */
  waits: new Set(['hold on', 'hold up', 'hang on', 'hold off', 'on hold', 'hang tight', 'hold it', 'hold that', 'hold this', 'mas tarde', 'la tarde', 'esta tarde', 'a tarde', 'plus tard',
    // Three words: "… in a bit", "… in the am", "… on my go".
    'in a bit', 'in a few', 'in a sec', 'in a moment', 'in a while', 'in the am', 'in the pm', 'from now on', 'on my go', 'on my signal', 'on my mark', 'on my word', 'on my call', 'on my cue',
    // "At some point.", "I'd rather wait.": a wait said in a story's words ("I'd rather hold dollars" holds no command back).
    'at some point', 'rather wait',
    // "As long as fees are low.", "Fees permitting.": a condition in other words than "if".
    'as long as', 'so long as',
    'fees permitting', 'fee permitting', 'price permitting', 'gas permitting', 'market permitting',
  ]),
  /** "…. Test first.", "try it first": a trial asked before the command, which then waits on it ("just a test" is the command). */
  trials: new Set(['test', 'try', 'testing', 'trial']),
  /** After "grab 5 USDT and", these turn it into the token that follows ("… make it SOL"). */
  chainedMakes: [['make', 'it'], ['make', 'them'], ['make', 'that']],
  /** "before fri", "before thurs": days as chat shortens them. */
  dayAbbreviations: new Set(['mon', 'tue', 'tues', 'wed', 'weds', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun']),
  /** "right before …", "just before …": a moment, not a deadline. */
  closeBefore: new Set(['right', 'just', 'only', 'shortly', 'immediately', 'moments']),
  /** "before that,", "before this.": a word that points at something else. */
  pointers: new Set(['that', 'this', 'then', 'it']),
  /** "1/2 my SOL", "1/4 the USDC": after a fraction, what makes it a share of a balance, as "of" does. */
  possessives: new Set(['my', 'the', 'your', 'our', 'all']),
  /** "a hundred", "a dozen": number words an article counts as one of. */
  articleScales: new Set(['hundred', 'thousand', 'million', 'billion', 'dozen']),
};

/** Words of a payment under duress ("I'm being forced to do this.", "He threatened me."): never read past, before or after the command. */
const COERCION = ['forced', 'forcing', 'force', 'threatened', 'threatening', 'threaten', 'threat', 'threats', 'hurt', 'blackmail', 'blackmailed', 'ransom', 'coerced', 'pressured', 'pressuring', 'extortion', 'extorting', 'hostage', 'police', 'officer', 'irs'];

/**
 * What a payment is for in a scam's script ("…, it's for the presale", "… for the guy who dmed me", "… for them to send it back
 * doubled", "… for claiming my prize"): never read past as a purpose or as chat after the command (a story may still tell of an
 * airdrop; "for the meme contest prize" pays one).
 */
export const LURES = new Set([
  'giveaway', 'giveaways', 'give-away', 'presale', 'pre-sale', 'pre', 'ico', 'doubled', 'doubling', 'tripled', 'dmed', "dm'd", "dm'ed", 'dmd', 'whitelist',
  'whitelisted', 'wl', 'guaranteed', 'claiming', 'unlocking',
]);

/**
 * Words of fraud, of fake support's scripts and of danger ("…, he scammed me", "… for the recovery fee", "…, someone has a gun to
 * my head"), in their inflections, and duress (COERCION): never read past, in chat or as what a payment is for.
 */
export const DANGER = new Set([
  ...COERCION,
  'scam', 'scammed', 'scammer', 'scammers', 'scams', 'scammy', 'fraud', 'frauds', 'fraudulent', 'fraudster', 'phishing', 'phished', 'phisher',
  'drainer', 'drained', 'draining', 'drain', 'hack', 'hacked', 'hacker', 'hackers', 'hacking', 'compromised', 'stolen', 'stole', 'steal',
  'stealing', 'theft', 'thief', 'robbed', 'impersonating', 'impersonator', 'impostor', 'imposter', 'catfished', 'suspicious', 'sketchy',
  'dodgy', 'shady', 'bogus', 'fake', 'spoofed', 'support', 'admin', 'admins', 'moderator', 'mod', 'mods', 'helpdesk', 'recovery', 'recover',
  'validate', 'validation', 'validating', 'verify', 'verification', 'verifying', 'activation', 'activate', 'sync', 'release', 'claim', 'unlock', 'unfreeze', 'whitelist', 'gun', 'knife', 'weapon',
  'kidnapped', 'kidnap', 'kidnapper', 'kidnappers', 'sextortion', 'scared', 'afraid', 'danger', 'blackmailing', 'scamming',
  'seed', 'leaked', 'leak', 'compromized', 'pwned', 'customs',
  // The same in the other languages chat mixes in: support, blackmail, unlocking an account.
  'soporte', 'suporte', 'support-mitarbeiter', 'erpresst', 'erpressung', 'chantaje', 'chantagem', 'extorsion', 'desbloquear', 'liberar',
  'dipaksa', 'ancam', 'diancam', 'penipu', 'tehdit', 'dolandirici', 'dhamka', 'dhamki', 'pinipilit', 'pinagbabantaan', 'ricatto', 'ricattando',
  'ricattano', 'minacciando', 'sblocco', 'desbloqueio', 'kilit', 'pencairan', 'zastavlyayut', 'ugrozhayut', 'moshennik', 'podderzhki', 'podderzhka', 'assistenza', 'polis', 'pulis', 'finto',
  'faux', 'arnaque', 'estafa', 'golpe', 'truffa', 'sus', 'secret', 'lottery', 'winnings', 'inaam', 'premyo', 'vyigrysh',
]);

/**
 * Words that point at the sender's next message ("don't run the next one, just explain it", "here's what the scammer sent:",
 * "jangan dijalankan yang berikut"): said in a message that builds nothing, they hold the next command: a swap or transfer
 * is then read, named and not built until one is said twice in a row (parser.ts `parseCommand`, `ParseContext.held`).
 */
export const NEXT_MESSAGE: string[][] = [
  ['next', 'one'], ['next', 'message'], ['next', 'msg'], ['next', 'command'], ['next', 'request'], ['next', 'text'], ['following', 'msg'], ['following', 'message'],
  ['the', 'following'], ['what', 'follows'], ['see', 'below'], ['message', 'below'], ['command', 'below'], ['text', 'below'], ['sends', 'next'], ['send', 'next'],
  ['type', 'next'], ['types', 'next'], ['paste', 'next'], ['say', 'next'], ['send', 'after', 'this'], ['type', 'after', 'this'], ['going', 'to', 'paste'], ['gonna', 'paste'],
  ["i'll", 'paste'], ['about', 'to', 'paste'], ['going', 'to', 'type'], ['gonna', 'type'], ['about', 'to', 'type'], ['is', 'going', 'to', 'type'], ['will', 'type'],
  ['will', 'paste'], ['copy', 'pasting'], ['copy', 'pasted'], ['quoted', 'from'], ['what', 'the', 'scammer'], ['what', 'he', 'sent'], ['what', 'she', 'sent'],
  ['what', 'they', 'sent'], ['he', 'sent', 'me'], ['she', 'sent', 'me'], ['they', 'sent', 'me'], ["dm'd", 'me', 'this'], ['dmed', 'me', 'this'], ['fwd'],
  // A message building nothing that asks of "this" points at what comes next too ("explain what this would do", "is this a scam?").
  ['explain', 'what', 'this'], ['what', 'this', 'would'], ['what', 'does', 'this', 'do'], ['what', 'does', 'this', 'mean'], ['what', 'this', 'does'], ['read', 'this'],
  ['translate', 'this'], ['is', 'this', 'a', 'scam'], ['is', 'this', 'safe'], ['is', 'this', 'legit'], ['sent', 'me', 'this'], ['hold', 'every'], ['hold', 'all'],
  ['upcoming'], ['coming', 'up'], ['forward', 'you'], ['forwarded'], ['what', 'would', 'it', 'do'], ['what', 'would', 'happen'], ['send', 'you', 'this'],
  ['found', 'this'], ['look', 'at', 'this'], ['check', 'this', 'before'], ['type', 'this'], ['next', 'bit'],
  // One that sets a pretend mode holds what follows too ("practice mode on", "let's pretend").
  ['pretend'], ['simulate'], ['practice', 'mode'], ['test', 'run'], ['a', 'drill'],
  ['scammer'], ['phishing'],
  ['ausfuhren'], ['prossima'], ['prossimo'], ['volgende'], ['suivant'], ['agle'], ['envoye', 'ca'], ['berikut'], ['berikutnya'], ['selanjutnya'], ['siguiente'], ['sigue'], ['susunod'], ['agla'], ['agli'], ['proximo'], ['proxima'], ['prochain'],
  ['prochaine'], ['nachste'], ['naechste'], ['successivo'], ['successiva'], ['sonraki'], ['bheja'], ['mando', 'esto'], ['mandou', 'isso'],
];

/**
 * English words of chat that the dictionary (english.ts: SCOWL's common to fairly rare words) lacks: crypto's jargon, chat's
 * slang and abbreviations, the apps and exchanges people name, and names chat uses in lower case. Any other word the lexicon
 * does not read is of a language the agent does not read, and never read past as chat.
 */
export const CHAT_WORDS = new Set([
  // Contractions typed without their apostrophe.
  'doesnt', 'hadnt', 'couldnt', 'wouldnt', 'aint', 'ive', 'youre', 'youve', 'youll', 'youd', 'theyre', 'theyve', 'theyll', 'theyd', 'theres', 'heres', 'itll', 'thatll', 'whos', 'wholl',
  'heya', 'wassup', 'hella', 'tryna', 'szn', 'moonbag', 'degenning', 'bonkbot', 'brekkie', 'cuppa', 'uni', 'alot', 'teh', 'recieved', 'roomate',
  'poggers', "g'day",
  'onramp', 'offramp', 'dao', 'daos', 'tokenomics', 'whitepaper', 'roadmap', 'marketcap', 'mcap', 'ath', 'atl', 'fdv', 'bullrun', 'rekt', 'perps',
  'perp', 'breakout', 'lambo', 'hopium', 'copium', 'keypair', 'pubkey', 'rpc', 'gwei', 'satoshi', 'satoshis', 'paperhands', 'jeet', 'jeets',
  'normie', 'normies', 'noob', 'noobs', 'n00b', 'newb', 'influencer', 'influencers', 'kols', 'ct', 'cryptotwitter', 'groupchat', 'ftw', 'wth',
  'omw', 'gtg', 'ima', 'ahh', 'ohh', 'ooh', 'oof', 'bussin', 'goated', 'vibing', 'istg', 'tbf', 'idek', 'smth', 'sth', 'cos', 'altho', 'hafta',
  'lotsa', 'whatcha', 'gotcha', 'gday',
  'bc', 'turbo', 'chad', 'chads', 'dj', 'english', 'assalamu', 'alaikum', 'jazakallah', 'khair', 'inshallah', 'mashallah', 'alhamdulillah',
  'crypto', 'cryptos', 'cryptocurrency', 'cryptocurrencies', 'blockchain', 'blockchains', 'onchain', 'on-chain', 'offchain', 'mainnet', 'testnet',
  'devnet', 'defi', 'cefi', 'dapp', 'dapps', 'app', 'bot', 'bots', 'dev', 'devs', 'dex', 'dexes', 'cex', 'cexes', 'amm', 'lp', 'lps', 'tvl', 'apy',
  'apr', 'dca', 'pnl', 'txs', 'txn', 'txns', 'nft', 'nfts', 'memecoin', 'memecoins', 'shitcoin', 'shitcoins', 'altcoin', 'altcoins', 'stablecoin',
  'stablecoins', 'degen', 'degens', 'rugpull', 'fud', 'fomo', 'hodl', 'hodling', 'hodler', 'ngmi', 'gn', 'gmgm', 'maxi', 'maxis', 'bagholder',
  'pumpy', 'depeg', 'depegged', 'validator', 'validators', 'restaking', 'unstaking', 'restake', 'multisig', 'ata', 'atas', 'prio', 'rebalance',
  'rebalancing', 'rebalanced', 'hotspot', 'hotspots', 'infra', 'hackathon', 'wifi', 'meetup', 'airbnb', 'chatgpt', 'autocorrect', 'roomie',
  'roomies', 'plushies', 'nvm', 'idk', 'omg', 'omfg', 'thnx', 'jk', 'irl', 'afaik', 'iirc', 'tldr', 'wyd', 'hbu', 'wbu', 'okk', 'kk', 'hii', 'hiii',
  'hiya', 'heyy', 'heyyy', 'yay', 'woohoo', 'bros', 'fav', 'fave', 'faves', 'bday', 'congrats', 'yall', "y'all", 'ur', 'yr', 'cuz', 'coz', 'nite',
  'coinbase', 'binance', 'kraken', 'kucoin', 'bybit', 'okx', 'robinhood', 'revolut', 'paypal', 'venmo', 'cashapp', 'zelle', 'metamask', 'reddit',
  'youtube', 'tiktok', 'instagram', 'whatsapp', 'gmail', 'iphone', 'opensea', 'magiceden', 'pumpfun', 'dexscreener', 'birdeye', 'solscan', 'helius',
  'uniswap', 'pancakeswap', 'sushiswap', 'jito', 'lido', 'eth', 'ethereum', 'btc', 'alice', 'charlie', 'dave', 'carl', 'raj', 'sarah', 'emma',
  'alex', 'sam', 'ben', 'jake', 'kim',
]);

/**
 * The commonest words of the languages chat mixes into an English command, as their speakers type them (mostly without
 * accents): function words, pronouns and the adverbs of time, negation and manner, closed classes that a sentence of those
 * languages rarely goes without. A word of these that the lexicon reads no other way (a verb, a filler, a time word …) marks
 * its clause as in a language the agent does not read (tokenize.ts `foreign`), and such a clause is never read past as chat:
 * "…, besok aja ya", "sabi niya i-type ko 'to: send …", "baadaye: send …" stop the command. Words English chat uses too are
 * left out ("do", "day", "est", "ya", "ai", "mon", "once").
 */
export const OTHER_LANGUAGE_WORDS = new Set([
  // Indonesian
  'aja', 'saja', 'deh', 'nih', 'sih', 'kok', 'udah', 'sudah', 'ngga', 'enggak', 'yang', 'ini', 'itu', 'saya', 'kamu', 'dia', 'bisa', 'karena',
  'buat', 'dulu', 'lagi', 'sama', 'dari', 'tapi', 'terus', 'trus', 'juga', 'banget', 'cuma', 'temen', 'teman', 'uang', 'kemarin', 'bulan', 'tahun',
  'hari', 'lah', 'kan', 'tuh', 'gitu', 'gimana', 'kenapa', 'apa', 'siapa', 'mana', 'doang', 'bercanda', 'kukirim', 'tadi', 'harusnya', 'nya', 'biar',
  'atau', 'akan', 'lupa',
  // Tagalog
  'na', 'ko', 'mo', 'niya', 'sabi', 'lang', 'muna', 'ba', 'kasi', 'pero', 'tapos', 'ako', 'ikaw', 'siya', 'sila', 'kami', 'tayo', 'natin', 'namin',
  'yung', 'iyong', 'ang', 'mga', 'rin', 'pala', 'talaga', 'sige', 'ano', 'bakit', 'paano', 'kailan', 'dito', 'doon', 'kay', 'hindi', 'ito', 'iyan',
  'yan', 'nito', 'nga', 'daw', 'kaya', 'pwede', 'puwede', 'ayaw', 'bayad', 'utang', 'kanina', 'nakapag', "'to", "ko'y",
  // Hindi in Latin letters
  'karna', 'hai', 'hain', 'kya', 'mein', 'ka', 'ki', 'aur', 'bhi', 'toh', 'aap', 'tera', 'uska', 'usko', 'unko', 'wala', 'wali', 'paisa', 'paise',
  'bhejna', 'bas', 'hoga', 'tha', 'thi', 'rha', 'raha', 'rahi', 'gaya', 'gayi', 'kaise', 'kyun', 'kyu', 'lekin', 'pehle', 'accha', 'acha', 'theek',
  'thik', 'haan', 'dost', 'didi', 'woh', 'dega', 'dedo', 'mujhko', 'humko', 'usne', 'bola', 'bolo', 'kaha', 'diya', 'kiya', 'liya', 'diye', 'kiye',
  // Russian in Latin letters
  'segodnya', 'nado', 'uzhe', 'eshche', 'esche', 'poka', 'ona', 'vy', 'eto', 'kak', 'chto', 'shto', 'tolko', 'tozhe', 'ochen', 'sejchas', 'vchera',
  'otpravil', 'dengi', 'mozhno', 'khorosho', 'horosho', 'ladno', 'davai', 'davay', 'potomu', 'zachem', 'pochemu', 'budet', 'bylo', 'byl', 'nichego',
  'menya', 'tebe', 'skazal', 'skazala', 'prosto',
  // Spanish
  'que', 'ayer', 'todavia', 'tambien', 'porque', 'los', 'las', 'lo', 'una', 'uno', 'es', 'esta', 'este', 'esto', 'eso', 'ese', 'del', 'muy', 'bien',
  'pues', 'entonces', 'tengo', 'tiene', 'puedes', 'puede', 'hacer', 'dinero', 'plata', 'hermano', 'cuenta', 'semana', 'algo', 'fue', 'estoy',
  'estas', 'soy', 'eres', 'probando', 'prueba',
  // Portuguese
  'ontem', 'ainda', 'tambem', 'entao', 'muito', 'voce', 'vc', 'eu', 'ele', 'ela', 'seu', 'sua', 'sem', 'isso', 'isto', 'esse', 'essa', 'aqui',
  'galera', 'fazer', 'faz', 'dinheiro', 'beleza', 'vai', 'vou', 'vamos', 'pode', 'posso', 'tem', 'tenho', 'de', 'das', 'taxa', 'ja', 'fiz',
  'testando', 'teste',
  // German
  'aber', 'erst', 'gestern', 'noch', 'schon', 'und', 'oder', 'sie', 'wir', 'ihr', 'dein', 'der', 'dem', 'ein', 'eine', 'einen', 'ist', 'sind',
  'ohne', 'nach', 'vor', 'dann', 'weil', 'doch', 'mal', 'nur', 'auch', 'sehr', 'spaeter', 'nein', 'monat', 'bruder', 'freund', 'zurueck', 'warte',
  'erledigt',
  // French
  'mais', "aujourd'hui", 'hier', 'avant', 'deja', 'elle', 'nous', 'vous', 'sa', 'des', 'une', 'et', 'ou', 'parce', 'alors', 'donc', 'puis', 'aussi',
  "c'est", 'cest', 'suis', 'sont', 'fait', 'faire', 'argent', 'semaine', 'mois', 'jour', 'frere', 'ami', 'attendre', 'rien', 'ici', 'bientot',
  'plutot', 'juste', 'un',
  // Italian
  'ieri', 'prima', 'ancora', 'gia', 'io', 'lui', 'lei', 'noi', 'voi', 'tuo', 'tua', 'suo', 'gli', 'della', 'dello', 'senza', 'perche', 'allora',
  'poi', 'anche', 'molto', 'bene', 'sono', 'sei', 'fatto', 'soldi', 'mese', 'giorno', 'fratello', 'amico', 'aspetta', 'piu', 'niente', 'qui', 'ora',
  'subito', 'lascia',
  // Turkish
  'bugun', 'hala', 'siz', 'onlar', 'senin', 'bir', 've', 'veya', 'ile', 'icin', 'cunku', 'yok', 'var', 'evet', 'hayir', 'hafta', 'kardes', 'abi',
  'arkadas', 'bekle', 'daha', 'cok', 'hep', 'bu', 'su', 'sey', 'tamam', 'dedi', 'sadece',
  // Vietnamese without its marks
  'roi', 'hom', 'truoc', 'toi', 'anh', 'cua', 'va', 'hoac', 'vi', 'nhung', 'co', 'duoc', 'tien', 'tuan', 'ngay', 'gio', 'luc', 'nguoi', 'cai',
  'thoi',
  // Nigerian Pidgin
  'wetin', 'dey', 'sha', 'sef', 'wahala', 'pikin', 'ehn', 'jare', 'comot', 'wey', 'shey',
  // Swahili
  'tafadhali', 'kesho', 'leo', 'jana', 'baadaye', 'sasa', 'bado', 'tayari', 'mimi', 'wewe', 'yeye', 'sisi', 'ninyi', 'wao', 'yangu', 'yako', 'yake',
  'kwa', 'kwenye', 'lakini', 'ndiyo', 'hapana', 'tuma', 'nunua', 'uza', 'pesa', 'mwezi', 'siku', 'rafiki', 'ndugu', 'subiri', 'sawa', 'poa', 'mambo',
  'habari', 'ndio', 'tu', 'jamaa',
  // Dutch
  'niet', 'maar', 'vandaag', 'gisteren', 'nog', 'alstublieft', 'alsjeblieft', 'bedankt', 'ik', 'jij', 'hij', 'zij', 'wij', 'mijn', 'jouw', 'zijn',
  'het', 'een', 'zonder', 'voor', 'omdat', 'wanneer', 'ook', 'goed', 'nu', 'straks', 'geen', 'stuur', 'koop', 'verkoop', 'maand', 'broer', 'vriend',
  'wacht', 'eerst',
  // Polish
  'jutro', 'dzisiaj', 'dzis', 'wczoraj', 'potem', 'jeszcze', 'juz', 'dzieki', 'dziekuje', 'prosze', 'wy', 'moj', 'moja', 'twoj', 'lub', 'albo',
  'bez', 'dla', 'przed', 'jak', 'jesli', 'kiedy', 'wiec', 'tez', 'bardzo', 'dobrze', 'teraz', 'zaraz', 'wyslij', 'kup', 'sprzedaj', 'pieniadze',
  'kasa', 'tydzien', 'miesiac', 'dzien', 'kolega', 'czekaj', 'tylko', 'pozniej', 'kazal', 'kazala', 'wpisac', 'wpisz',
  // Korean romanized
  'juseyo', 'haejuseyo', 'haejwo', 'bonae', 'bonaejwo', 'kamsahamnida', 'gamsahamnida', 'annyeong', 'naeil', 'oneul', 'eoje', 'najunge', 'ajik',
  'imi', 'hajima', 'anya', 'geurigo', 'geunde', 'jeo', 'neo', 'uri', 'jom', 'gomawo',
]);

/**
 * Chat after a command ("swap 2 SOL for USDC, the dog had a good run"): a clause after the command
 * that names nothing to build is read past, unless it holds one of `changes`, words that could
 * change what is built ("…, leave some for fees", "…, to his other address", "…, actually BONK"),
 * a word that cancels ("…, nvm"), a symbol that is also a word ("…, mew and giga"), a question
 * mark or a digit ("…, x10").
 * `breaks` open such a clause besides punctuation ("… so it lands fast").
 */
export const TRAILING_CHAT = {
  /** A message that opens with one of these may be irony ("ah yes, sell 5 JitoSOL for WEN, the peak of wisdom"): its chat is not read past. */
  ironicOpeners: [['ah', 'yes'], ['oh', 'yes'], ['oh', 'yeah'], ['yeah', 'right'], ['yeah', 'sure'], ['oh', 'sure'], ['sure', 'sure']],
  breaks: new Set(['so', 'because', 'bc', 'cuz', 'coz', 'cause', "'cause", 'since', 'as', 'before']),
  /** A clause that opens with one of these offers another choice ("…, or tres", "…, o tres", "…, ou deux"), never chat. */
  alternatives: new Set(['or', 'o', 'ou', 'oder', 'oppure']),
  /** A clause of purpose may hold a verb of its own ("… so i can pay rent", "… because i need to pay my landlord"). */
  purposes: [['need', 'to'], ['i', 'need', 'to'], ['gotta'], ['got', 'to'], ['have', 'to'], ['so', 'i', 'can'], ['so', 'that', 'i', 'can'], ['so', 'i', 'could'], ['so', 'we', 'can'], ['so', 'he', 'can'], ['so', 'she', 'can'], ['so', 'they', 'can'], ['so', 'he', 'could'], ['so', 'she', 'could'], ['so', 'they', 'could'], ['because', 'i', 'need', 'to'], ['cause', 'i', 'need', 'to'], ['bc', 'i', 'need', 'to'], ['since', 'i', 'need', 'to'], ['so', 'i', 'have', 'enough', 'to'], ['before', 'i'], ['before', 'we']],
  /** Of `changes`, the words of quantity and preference a sentence of its own may tell with ("I've heard it is a bit more widely accepted", "I'd rather have dollars"). */
  /** After a command, a clause of nothing but fillers holding one of these resizes, repeats or holds it ("… . I want a bit more.", "…, and another", "…, hold"). */
  resizes: new Set(['more', 'less', 'extra', 'bit', 'little', 'lot', 'double', 'twice', 'triple', 'half', 'fewer', 'hold', 'again', 'another']),
  /** Such a sentence opens with its subject, as a statement does ("I trust PayPal's name more"); "a bit more." is a correction. */
  subjects: new Set(['i', "i've", 'ive', "i'm", 'im', "i'd", 'id', 'my', 'it', "it's", 'its', 'that', "that's", 'thats', 'he', 'she', 'they', 'we', "we're", 'this', 'there', "there's"]),
  /** Of `changes`, the nouns that name without changing anything in a sentence of the story ("The CLOUD airdrop hit my wallet."): what would change it is said with them ("my other wallet", "the wrong address"). */
  named: new Set(['price', 'rate', 'airdrop']),
  told: new Set(['bit', 'more', 'little', 'lot', 'much', 'many', 'most', 'least', 'some', 'few', 'enough', 'whole', 'rather', 'dollars', 'usd', 'value', 'price']),
  /**
   * Of `told` and `toldInStory`, the words of quantity: they tell only of a word said after them ("I'm a bit nervous.", "it is a
   * bit more widely accepted"); ending the sentence, or before "than", a pointer or one of `sizedNouns`, they size what is built
   * ("It's a bit more.", "He needs a bit more than that.", "It's the whole thing.").
   */
  quantities: new Set(['bit', 'more', 'little', 'lot', 'much', 'many', 'most', 'least', 'some', 'few', 'enough', 'whole', 'entire']),
  sizedNouns: new Set(['thing', 'things', 'amount', 'balance', 'bag', 'stack', 'sum', 'total', 'rest', 'lot']),
  /** …but after one of these, ending the sentence or before "than", one tells how much the sender prefers ("I trust PayPal's name more.", "I trust code more than banks."). */
  preferring: new Set(['trust', 'trusts', 'like', 'likes', 'prefer', 'prefers', 'love', 'loves', 'enjoy', 'enjoys']),
  /**
   * …and the words of `changes` a story may hold, said in the past or of its own subject, pointing at nothing of the
   * command and wishing for nothing ("My cat knocked my coffee over.", "I bought my first SOL back in 2021.", "The whole
   * market dumped on Tuesday."): what would change the command with them is a pointer ("Send it back."), a wish ("I want
   * all of it.", "He wanted more."), or a word this list leaves out: a side, an amount or a token other than the one said
   * ("I wanted the other direction.", "He wanted a different coin.", "some", "all", "back", "instead", "keep", "wallet").
   */
  toldInStory: new Set([
    'bit', 'little', 'lot', 'much', 'many', 'most', 'least', 'few', 'enough', 'whole', 'entire', 'first', 'over', 'top', 'bottom', 'dip',
    'peak', 'long', 'price', 'rate', 'how', 'what', 'why', 'asking', 'lost', 'dead',
  ]),
  changes: new Set([
    'reverse', 'reversed', 'opposite', 'backwards', 'leave', 'leaving', 'keep', 'keeping', 'except', 'minus', 'plus', 'only', 'without',
    'excluding', 'including', 'more', 'less', 'extra', 'dozen',
    'instead', 'rather', 'mean', 'meant', 'correction', 'actually', 'make', 'change', 'switch', 'split', 'each', 'every', 'both', 'either',
    'half', 'twice', 'double', 'triple', 'all', 'everything', 'rest', 'remainder', 'remaining', 'left', 'leftover', 'some', 'few', 'bit',
    'little', 'lot', 'much', 'many', 'most', 'least', 'enough', 'whole', 'entire', 'max', 'maximum', 'min', 'minimum', 'limit', 'above',
    'below', 'under', 'over', 'price', 'rate', 'back', 'return', 'refund', 'address', 'addr', 'addy', 'wallet', 'recipient', 'account',
    'acct', 'other', 'another', 'different', 'else', 'wrong', 'token', 'tokens', 'coin', 'coins', 'amount', 'worth', 'value', 'usd',
    'dollars', 'bucks', 'not', 'never', 'unless', 'until', 'till', 'wait', 'hold', 'first', 'then', 'after', 'later', 'also',
    'lamports', 'lamport', 'cents', 'cent', 'sats', 'gwei', 'wei', 'units', 'decimals', 'denominated', 'staked', 'stake', 'wrapped',
    'unwrapped', 'native', 'bridged', 'memo', 'note', 'reference', 'message', 'maybe', 'perhaps', 'possibly', 'should', 'shall', 'what',
    'how', 'why', 'which', 'times', 'x', 'test', 'testing', 'simulate', 'simulation', 'dry', 'quote', 'preview', 'show', 'idea', 'smart',
    'wise', 'devnet', 'testnet', 'localnet', 'dream', 'dreams', 'someday', 'eventually', 'sometime', 'soon', 'top', 'bottom', 'dip', 'peak',
    'giveaway', 'airdrop', 'promised', 'guaranteed',
    'long', 'case', 'provided', 'assuming', 'gradually', 'chunks', 'parts', 'pieces', 'batches', 'tranches', 'slowly', 'private', 'privately',
    'stealth', 'anonymous', 'anonymously', 'mixer',
    // "…, subject to his reply", "…, still deciding", "…, scrap that", "…, on my signal": a condition, a decision not made, a retraction.
    'subject', 'providing', 'given', 'approval', 'approve', 'signal', 'review', 'confirm', 'deciding', 'decided', 'undecided', 'unsure',
    'considering', 'thinking', 'fence', 'tbc', 'scrap', 'belay', 'retract', 'torn', 'hesitant', 'hesitating', 'decide', 'mulling', 'debating', 'pondering',
    'contemplating', 'reconsidering', 'rethinking', 'wavering', 'weighing', 'browsing', 'exploring',
    // "… . That was a joke.", "… . Halve it.", "… . Vice versa.", "… . Same for his sister.", "… . He closed that one.",
    // "My wife hasn't agreed yet.": not meant, resized or turned round, repeated, a recipient gone, consent not given.
    'joke', 'joking', 'kidding', 'serious', 'prank', 'trolling', 'typed', 'type', 'broma', 'brincadeira', 'antigo', 'trocou', 'mudou',
    'zaten', 'uzhe', 'otpravil', 'naipadala', 'perdere', 'halve', 'halved', 'versa', 'invert', 'inverted', 'flipped',
    'same', 'closed', 'passed', 'died', 'deceased', 'frozen', 'banned', 'blocked', 'permission', 'yet', 'wrote', 'written',
    // "… . The line above was a mistake.", "… . This failed.": not meant, or not to be tried again.
    'mistake', 'mistaken', 'mistakenly', 'accident', 'accidentally', 'error', 'failed', 'fails', 'failing',
    // "… . JUP got rugged.", "… . USDC depegged.": news of a token that may be the command's.
    'rug', 'rugged', 'rugpull', 'depeg', 'depegged', 'depegging', 'exploit', 'exploited', 'collapsed', 'collapsing', 'crashed', 'delisted',
    'insolvent', 'bankrupt',
    'vanished', 'disappeared', 'arrested', 'honeypot',
    // "… . He scammed me.", "… . I'm being forced to do this.": fraud, fake support, danger, duress.
    ...DANGER,
    // "… . He refused.", "… . Deal fell through.": the payee or the deal against it.
    'refused', 'declined', 'rejected', 'fell',
    // "… . My wife says otherwise.": someone against it; "… . Haha, just messing with you.": not meant.
    'otherwise', 'disagree', 'disagrees', 'disagreed', 'objects', 'objected', 'messing', 'demo', 'pretend', 'pretending',
    // "… . Round it up to the nearest hundred.": an amount to work out.
    'round', 'rounded', 'nearest',
    // "… . The deal is off.", "… . The order got cancelled.": the command called off.
    'off', 'cancelled', 'canceled', 'pause', 'paused', 'freeze', 'park', 'queue',
    // "… . idk", "... dunno": doubt after the command.
    'idk', 'dunno', 'hmm', 'hmmm',
    // "…, hang on", "…, let me think", "…, let me ask him", "…, my friend told me", "…, it is a contract".
    'hang', 'sleep', 'think', 'ask', 'dare', 'might', 'told', 'suggested', 'says', 'nobody', 'contract', 'program', 'famous',
    // "…, cancela", "…, vergiss es", "…, warte", "…, mat karo": cancel, forget it, wait and don't in the languages the lexicon reads.
    'cancela', 'cancelar', 'annule', 'annuler', 'batal', 'batalkan', 'otmena', 'olvidalo', 'olvida', 'tomber', 'lupakan', 'vergiss',
    'lass', 'esquece', 'deixa', 'rehne', 'mat', 'espera', 'aspetta', 'warte', 'attends', 'ruko', 'tunggu', 'jangan',
  ]),
};

/** Where a sentence ends, for a message of several sentences (parser.ts `amongContext`). */
export const SENTENCE_ENDS = new Set(['.', '!', '?', '…']);

/** …and where a clause ends, for a question after its context ("about to pay a few bills, how much usdc do i have?"). */
export const CLAUSE_ENDS = new Set([...SENTENCE_ENDS, ',', ';']);

/** Where a sentence or a clause of chat ends: a full stop, a colon, a dash, an ellipsis (the tokenizer writes every dash as "-"). */
export const SENTENCE_BREAKS = new Set(['.', '!', '?', ':', ';', '…', '-', '|']);

/** Before a colon or dash, words that say the command after it was taken back or is done ("cancelled: send …", "executed - swap …"), with CANCEL_WORDS. */
export const UNDONE_LABELS = new Set([
  'cancelled', 'canceled', 'cancelling', 'aborted', 'void', 'voided', 'retracted', 'scrapped', 'obsolete', 'expired', 'duplicate', 'dupe', 'paused',
  'executed', 'filled', 'completed', 'settled', 'processed', 'confirmed', 'withdrawn', 'rejected', 'denied', 'declined', 'superseded', 'spam',
  'outdated', 'stale',
]);

/** What ends a label before a command ("Scenario: swap …", "already sent earlier — send …"; the lexer reads a dash as "-"). */
export const LABEL_ENDS = new Set([':', '-']);

/** People a note may name instead of the address ("to the dev of <address>"); in a sentence of the story they only tell ("I'm a Metaplex dev."). */
export const NOTE_PEOPLE = ['owner', 'dev', 'developer', 'creator', 'deployer', 'sender', 'signer', 'holder', 'buyer', 'team'];

/**
 * Words that a note of plain words (`…` in ASIDES: "(rent share)", "to the treasury address <address>") may not hold:
 * they warn about the recipient, repeat, schedule, test or ask ("to the scam address …", "(twice)", "(test)", "(just asking)").
 */
export const NOT_PLAIN = new Set([
  'scam', 'scammer', 'scammers', 'hacker', 'hackers', 'hacked', 'phishing', 'compromised', 'drainer', 'stolen', 'wrong', 'lost', 'old',
  'suspicious', 'fake', 'twice', 'thrice', 'test', 'testing', 'eventually', 'someday', 'sometime', 'later', 'daily', 'weekly', 'monthly',
  'per', 'each', 'every', 'asking', 'simulate', 'simulation', 'sim', 'sandbox', 'demo', 'paper', 'devnet', 'testnet', 'localnet', 'x2', 'x3',
  // "(example address)", "(placeholder)", "(outdated)", "(needs memo)", "(typo?)": not an address to pay as it is (Parley sends no memo).
  'example', 'placeholder', 'dummy', 'random', 'made', 'outdated', 'deprecated', 'inactive', 'dead', 'moved', 'memo', 'typo', 'unverified',
  'verify', 'double', 'check',
  // "(it's a contract)", "(program)", "(the PDA)", "(escrow)": not a wallet's address, whatever else the note says.
  'contract', 'program', 'pda', 'escrow',
  // "…, o tres", "…, or uno": number words of other languages that UNITS leaves out (each also spells another word) may still be another
  // amount ("due" and "once", English words too, are left plain).
  'tres', 'uno', 'ein', 'eins', 'sept', 'otto', 'neuf', 'sei',
  // "to the owner of <address>", "to the dev of <address>": someone else than the address.
  ...NOTE_PEOPLE, 'funded', 'referred', 'already', 'paid', 'belongs', 'belong',
  // "…, the ata is poisoned", "…, the BONK account got flagged", "…, drain the JUP account after": an account or a wallet not to
  // be trusted as it is, or something else to be done to it.
  'flagged', 'locked', 'sanctioned', 'hijacked', 'phished', 'restricted', 'disabled', 'bricked', 'rugged', 'tampered', 'sketchy', 'poisoned',
  'blacklisted', 'suspended', 'deactivated', 'leaked', 'fraud', 'fraudulent', 'exploited', 'infected', 'malicious', 'doubt', 'unsure',
  'drain', 'drained', 'shut', 'terminate', 'sweep', 'freeze', 'lock', 'retire', 'wipe', 'dispose', 'reclaim', 'revoke', 'delete', 'deleted', 'emptied',
]);

/** Words that tie a note to someone else than the address after it ("to the wallet that funded <address>", "to the owner of <address>"). */
export const NOTE_LINKS = new Set(['of', 'who', 'whom', 'whose', 'that', 'which', 'behind']);

/** Symbols that are also English words: a token only in capitals or where a token stands. */
export const AMBIGUOUS_SYMBOLS = new Set(['w', 'inf', 'goat', 'cloud', 'mobile', 'wen', 'drift', 'ray', 'render', 'giga', 'zeus', 'mew', 'orca', 'eth']);

/** Words the parser's rules read, each named for the rule (parser.ts). */
export const PARSER_WORDS = {
  /** After a subject, these open a statement as a pronoun does ("Rent is due on Friday …", "Fees were brutal …"). */
  being: new Set(['is', 'are', 'was', 'were']),
  /** A verbless wish for a token ("I want 20 JTO") is a purchase; "I'd", "would" and "let me" wish too ("I'd like 10 USDC for my JUP", where "like 10" reads as a hedge). */
  wishes: new Set(['want', 'need', 'like', 'love', 'wanna', "i'd", 'id', 'would', 'let', 'lemme']),
  /**
   * Other languages' "I want", "I need" ("quiero 1 SOL por USDC", "je veux 1 SOL contre USDC", "3ayez 1 SOL b USDC"): before a
   * verbless pair, the token named first may be the one wished for or the one to trade, and writers read both; asked which.
   */
  wishesAbroad: new Set([
    'quiero', 'quero', 'necesito', 'preciso', 'quisiera', 'gostaria', 'veux', 'voudrais', "j'aimerais", 'voglio', 'vorrei', 'mochte',
    'brauche', 'ingin', 'pengen', 'butuh', 'mau', 'istiyorum', 'hochu', 'nuzhno', 'chahiye', 'chahta', 'gusto', 'kailangan', 'baddi',
    'bidi', 'ayez', '3ayez', '3ayza', '3awez', '3awza', 'muon',
  ]),
  /** …and wishes told, someone's or the sender's, that a story may not hold beside a word of change ("He wanted more.", "She prefers another coin."). */
  wished: new Set(['wanted', 'wants', 'needed', 'needs', 'expected', 'expects', 'prefers', 'preferred', 'asked', 'asks', 'thinking', 'thought', 'meant', 'hoped', 'after']),
  /** A wish in a question is no purchase ("how much would 5 SOL be in USDC?"). */
  questionMarks: new Set(['?', 'how', 'what', "what's", 'whats']),
  /** After these, a past form asks rather than tells ("I need 1 SOL swapped"). */
  wishesBeforePast: new Set(['need', 'want', 'like', 'wanna', 'get']),
  /** …"like" among them only after one of these ("I'd like 2 SOL converted"; "i have like 5 usdc sent" tells). */
  likers: new Set(["i'd", 'id', "we'd", 'wed']),
  /** …and "would like" after one of these. */
  wishers: new Set(['i', 'we']),
  /** After the sender, what one would or could do, not a request ("i would swap 5 SOL", "i could send …"). */
  wouldModals: new Set(['would', 'could']),
  /** Right before a past form, a plea makes it a command mistyped ("pls sent 7 USDC to …"): nobody pleads for what is done. */
  pleasBeforePast: new Set(['please', 'pls', 'plz', 'kindly', 'pl']),
  /** After a correction's opener, these add to the command rather than correct it ("…, actually, another 60 usdc"). */
  additions: new Set(['also', 'another', 'too', 'more', 'plus', 'additionally', 'extra']),
  /**
   * Between an amount said with its token and the same token again, these restate the amount ("sell 40 jto sorry 4 jto"); right
   * before a symbol that is also a word, they make it the token ("…, no, orca").
   */
  restates: new Set(['sorry', 'oops', 'mean', 'meant', 'correction', 'typo', 'rather', 'no', 'nope', 'wait']),
  /** After a swap, the same pair the other way round ("now the other way, 30 JUP", "reverse it"). */
  reversals: [['other', 'way'], ['other', 'way', 'round'], ['other', 'way', 'around'], ['reverse', 'it'], ['reverse', 'that'], ['vice', 'versa'], ['the', 'reverse']],
  /** In a sentence of the story, these tell of an earlier trade (`earlierTrade` before it: "My last swap failed because of slippage."). */
  failures: new Set(['failed', 'fails', 'failing', 'error']),
  earlierTrade: new Set(['last', 'previous', 'earlier']),
  /** Right after the token a verbless message opens with, a plea asks for that token ("SOL please, for 30 USDC"). */
  pleasFor: new Set(['please', 'pls', 'plz']),
  /** A command that ends in these and "?" asks whether it is right rather than asking for it ("send 20 USDC to … right?", "…, sound good?"). */
  tagQuestions: new Set([
    'right', 'correct', 'ok', 'okay', 'yeah', 'yea', 'yes', 'good', 'alright', 'sound', 'sounds', 'fine', 'cool', 'is', 'this', 'that', 'it', 'ya', 'no', 'yep', 'k',
    'sgtm', 'lgtm', 'ye', 'yeh', 'perfect', 'perf', 'def', 'defo', 'aight', 'ight', 'alrighty', 'righto', 'okie', 'mhm', 'yessir', 'fosho', 'np', 'frfr', 'ong', 'deadass', 'innit', 'ikr', 'lowkey',
  ]),
  /** A note that opens with one of these ("wrong address") redirects an earlier command, or takes back the address said with it. */
  retractions: new Set(['wrong']),
  /** …of these, whom a transfer pays ("wrong address", "wrong one"; "wrong token" is no new recipient). */
  payeeWords: new Set(['address', 'addy', 'addr', 'wallet', 'one', 'recipient', 'account', 'acct']),
  /** …and after one, the new address said plainly ("wrong address. it's <address>", "wrong one: <address>"). */
  afterRetraction: [["it's"], ['its'], ['it', 'is'], []],
  /** In a sentence of the story around a request (parser.ts `tellsOnly`), a subject before a verb that tells what someone else does ("she gets POPCAT"). */
  tellingSubjects: new Set(['he', 'she', 'they', "he's", "she's", "they're", 'it', "it's", 'who', 'which', 'everyone', 'everybody', 'people']),
  /** …words that point at the command, beside POINTERS ("It's for Friday.", "It's a limit order."). */
  pointingAt: new Set(["it's", 'its', "that's", 'thats', 'these']),
  /** …nouns that name the command ("The payment is for Friday."). */
  actionNouns: new Set(['payment', 'transaction', 'tx', 'order', 'transfer', 'swap', 'trade', 'purchase', 'sale', 'deposit', 'withdrawal', 'recurring']),
  /** …words that give the funds to someone else ("The SOL belongs to my brother.", "It's a loan."), or say it is too much. */
  notMine: new Set(['belongs', 'belong', 'owns', 'own', 'owned', 'borrowed', 'borrow', 'lent', 'lend', 'loan', 'vault', 'custody', 'multisig', 'too']),
  /** …time nouns that "this" or "that" points at, not the command ("this morning", "that week"). */
  dayParts: new Set(['morning', 'afternoon', 'evening', 'night', 'week', 'weekend', 'month', 'year']),
  /** After an amount corrected in place, words that make it relative to the first ("send 5, sorry, 2 more"). */
  relativeAfter: new Set(['more', 'less', 'extra', 'fewer', 'that', 'of', 'times', 'x', 'additional', 'on']),
  /** …and auxiliaries before a verb someone else does ("Everyone is aping GOAT."). */
  tellingAuxiliaries: new Set(['is', 'are', 'was', 'were']),
  /** …what others say, which tells unless it points at the command ("Everyone says the yield is great."; "He says it's wrong."). */
  reported: new Set(['says', 'said', 'told', 'suggested']),
  /** …words that make a time a condition ("if it dips", "once it lands"). */
  conditions: new Set(['if', 'unless', 'when', 'whenever', 'once', 'until', 'till', 'til', 'provided', 'assuming']),
  /** …and words that point a time forward, at what is to be done ("I'll be ready next week.", "Friday would be better."). */
  ahead: new Set(['will', "i'll", 'ill', "we'll", "he'll", "she'll", 'gonna', 'going', 'better', 'best', 'prefer', 'ideally', 'should', 'shall', 'must', "i'd", 'id', 'would', 'wait', 'ready']),
  /** "is possible swap 1 sol to bonk? please do it": the words of a question whether it can be done, before its verb. */
  possibilityOpeners: new Set(['is', 'it', 'possible', 'can', 'could', 'would', 'will', 'you', 'u', 'i', 'we', 'me', 'please', 'pls', 'to', 'be', 'able', 'are', 'am', 'there', 'a', 'way']),
  /** …and the go-ahead after it: only these words, one of them saying to go ahead ("please do it", "buy it please", "go ahead"). */
  goAhead: new Set(['please', 'pls', 'plz', 'do', 'it', 'go', 'ahead', 'proceed', 'execute', 'yes', 'yeah', 'then', 'just', 'confirm', 'confirmed', 'ok', 'okay', 'now', 'that', 'this']),
  goAheadCores: new Set(['do', 'ahead', 'proceed', 'execute', 'confirm', 'confirmed', 'it']),
  /** In a question naming two tokens, a correction between them asks about the second ("price of wif? no, I mean popcat"). */
  queryCorrections: new Set(['no', 'nope', 'mean', 'meant', 'sorry', 'actually', 'correction', 'oops', 'rather', 'instead', 'scratch']),
  /** A clause before a command that opens with one of these and names a figure (INFO_NOUNS) asks for it: a second request ("Check my SOL balance. Then swap half of it."). */
  figureAsks: new Set(['check', 'show', 'tell', 'give', 'pull', 'fetch', 'display', 'list', 'confirm', 'verify', 'remind', 'lookup']),
  /** …or that puts a figure first in three words or fewer ("Balance first."). */
  first: new Set(['first', 'beforehand']),
  /** …besides INFO_NOUNS, the words that name a figure there ("Check my wallet.", "Check how much I have."). */
  figureNouns: new Set(['wallet', 'tokens', 'holdings', 'rate', 'much', 'many']),
  /** A request sentence that holds one of these points back at the time of a sentence before it ("My salary comes on the 25th. Send 500 USDC … then."). */
  pointingBack: new Set(['then']),
  /** A question among sentences of context that asks for one of these figures is the request ("…? I'm not buying yet, just curious."). */
  figureCues: [['how', 'much'], ['how', 'many'], ['price'], ['balance'], ['portfolio'], ['worth'], ['holdings'], ['left']],
  /** …which, naming no token, asks about the one token the rest of the message names when it points with one of these ("I keep hearing about JUP. What's its price?"). */
  tokenPointers: new Set(['it', 'its', "it's", 'one']),
  /** Beside such a figure, a clause of a negation, a verb and these declines a transaction ("price of SOL, no swap", "…, not sending anything yet"). */
  declines: new Set(['anything', 'yet', 'now', 'today', 'for', 'just', 'please', 'pls', 'thanks', 'i', "i'm", 'im', 'am', 'a', 'any', 'trade', 'trades', 'swaps', 'transaction', 'transactions']),
  /** A question after the command that only pleads asks for it ("…, can you?", "…, would you please?"). */
  pleas: new Set(['can', 'could', 'would', 'will', 'you', 'u', 'ya', 'help', 'do', 'it', 'that', 'this', 'out', 'please', 'pls', 'plz', 'kindly', 'for', 'me', 'mate', 'bro', 'ser', 'sir', 'fren', 'thanks', 'thx', 'ty']),
  /** A clause after a command that opens with one of these asks about it, "?" or not ("…\nis this right", "… . has it gone through"). */
  unmarkedQuestions: new Set(['is', 'are', 'was', 'were', 'does', 'did', 'has', 'have', 'had']),
  /** …when the subject after it is one of these ("is this right", "are you sure"; "is my friend" is a statement as non-native speakers say it). */
  askedSubjects: new Set(['this', 'that', 'it', 'he', 'she', 'they', 'there', 'everything', 'the', 'you', 'u']),
  /** With "?", a clause after a command that opens with one of these and one of `askedOfCommand` asks about it ("…, will this create an account for them?"). */
  askingAuxiliaries: new Set(['will', 'would', 'does', 'do', 'did', 'is', 'are', 'was', 'has', 'can', 'could', 'should']),
  askedOfCommand: new Set(['this', 'that', 'it', 'the']),
  /** A message opening with one of these is a question ("is it…", "does…"). */
  questionAuxiliaries: new Set(['is', 'are', 'was', 'were', 'does', 'did', 'am']),
  /** Opening a message that ends in "?", these ask whether one may ("Can I send 3 USDT to <address>?"). */
  permissionAsks: [['can', 'i'], ['could', 'i'], ['may', 'i'], ['can', 'we'], ['could', 'we'], ['may', 'we']],
  /** …unless the verb after it orders an amount ("Could I get 50 USDC for my SOL?"; "have" may pay or receive, so never). */
  orderingVerbs: new Set(['get']),
  /** Plain words a follow-up that only sets the slippage may hold ("with 0.5% slippage please"). */
  restatedWords: new Set(['please', 'pls', 'plz', 'ok', 'okay', 'then', 'now']),
  /** After a swap, a message of these words and a slippage alone sets the slippage of that swap ("use 1% slippage"). */
  slippageSetters: new Set(['use', 'set', 'make', 'put', 'allow', 'keep', 'with', 'try', 'go', 'it', 'to', 'at', 'the', 'a', 'instead', 'then', 'and', 'now', 'actually', 'same', 'but', 'redo', 'again']),
  /** Follow-up openers that also open a fresh message ("now, what's my balance"): without an earlier command, read past. */
  discourseOpeners: [['now'], ['ok', 'now'], ['but'], ['also'], ['and'], ['actually'], ['wait'], ['oops'], ['this', 'time']],
  /** Before a redirect ("now send it to <address>"), words that may say a second transfer rather than a new recipient. */
  sequenceWords: new Set(['now', 'then']),
  /** Words that open a correction ("no wait, 0.6"), not a negation. */
  corrections: new Set(['no', 'nope', 'nah', 'wait', 'oops', 'sorry', 'sry', 'oh', 'scratch', 'typo', 'edit']),
  /** In what follows a correction's opener, words that tell rather than edit ("…, sorry I have 3 sol", "…, wait, the price is 3 sol"). */
  heldStatements: new Set(['have', 'has', 'own', 'owns', 'hold', 'holds', 'holding', 'got', 'balance', 'price', 'there', 'left', 'fee', 'fees', 'gas', 'tip', 'priority', 'rent']),
  /** …and, first, words that add or doubt ("…, oh wait and 2 to B", "…, wait, or B", "…, wait, same to B"). */
  addedEdits: new Set(['and', 'or', 'plus', 'also', '&', '+', 'same']),
  /** In a correction's opener, words that own up to a slip ("…, oops, that's mine"): with no edit after them, refused. */
  slips: new Set(['oops', 'whoops', 'typo', 'bad']),
  /** Opening a correction in the same message, a sound that is no part of it ("…, oh wait, MOBILE"). */
  interjections: new Set(['oh', 'ah']),
  /** A clause that takes back the earlier command, before one said "instead" ("don't do that, do 10 USDC to JTO instead"): a correction, not a negation. */
  /** Amounts said relative to the earlier one ("make it 2 more"); "and 10 more to the same address" repeats instead (`repeatOpeners`). */
  relativeAmounts: new Set(['more', 'less', 'fewer', 'extra']),
  repeatOpeners: [['and'], ['another'], ['plus']],
  /** A debt owed to the user ("<address> owes me 30 USDC, send it"): money that should come in, never go out. */
  owedToMe: [['owes', 'me'], ['owe', 'me'], ['lent'], ['lended'], ['leant'], ['loaned'], ['fronted'], ['borrowed'], ['owed', 'by'], ['pays', 'me'], ['pay', 'me', 'back'], ['charged'], ['invoiced'], ['billed']],
  /** A verb of asking right before an address and "for" ("he asked <address> for 40 USDC"): that address is asked to pay. */
  askedOf: new Set(['asked', 'ask', 'asks', 'asking', 'requested', 'request', 'requesting', 'begged', 'beg']),
  /**
   * Before an address, "I" or "we" and a verb of the past, with "back" in the message ("I advanced <address> 40 USDC, send it
   * back", "we spotted <address> 40 USDC, pay it back"): the address is to give back what the sender gave; never "owed", the
   * sender's own debt ("I owed <address> 40 USDC, pay him back").
   */
  gaveFirst: new Set(['i', 'we']),
  /** Third-person verbs of paying: "<address> pays 30 USDC" asks that address to pay. */
  paidBy: new Set(['pays', 'sends', 'owes', 'charge', 'debit', 'charging', 'collecting', 'reimbursing', 'reimburses', 'invoicing', 'schuldet', 'borclu', 'doit']),
  /** Anywhere beside an address, money asked of the payee ("… . Invoice him for this."; "the freelance invoice" is what a payment is for). */
  billPhrases: ['invoice', 'bill', 'charge'].flatMap((verb) => ['him', 'her', 'them'].map((who) => [verb, who])),
  /** Opening a message with an address in it, money asked of that address ("invoice <address> 20 USDC", "bill <address> …"). */
  billOpeners: new Set(['invoice', 'bill', 'debit', 'request', 'charge']),
  /** A request that names no action ("do something with my SOL", "do the usual"): refused, never read as a question about the token. */
  vague: [['do', 'something'], ['do', 'the', 'usual'], ['do', 'whatever'], ['do', 'your', 'thing'], ['do', 'the', 'thing']],
  /** A word that joins chat to a command as a comma does ("bonk is my fav but send <address> 1 SOL"). */
  clauseJoins: new Set(['but', 'anyway', 'anyways']),
  undoes: [['don\'t', 'do', 'that'], ['dont', 'do', 'that'], ['don\'t', 'do', 'it'], ['dont', 'do', 'it'], ['not', 'that'], ['not', 'that', 'one']],
  /** Before a verb, words that make it a noun ("a swap for 0.5 SOL": what is paid follows "for"). */
  nounArticles: new Set(['a', 'an', 'the']),
  /** Who may open "rather have …" as the sender's own wish ("I'd rather have USDC."). */
  ratherSubjects: new Set(["i'd", 'id', 'i', 'would', 'honestly', 'tbh', 'really', 'just']),
  /** Between a determiner and a verb, words that make the verb a noun in a sentence of the sender's story ("my first transfer"). */
  nounAdjectives: new Set(['first', 'last', 'previous', 'biggest', 'largest', 'smallest', 'usual', 'weekly', 'daily', 'monthly', 'best', 'worst', 'only']),
  /** After an earlier command, these make a message an edit of it. */
  editOpeners: [['make', 'it'], ['make', 'that'], ['actually', 'make', 'it']],
  /** Right before an amount, these open a follow-up ("do 3", "let's do 0.5 instead"); "do I have any SOL?" asks. */
  amountOpeners: [['do'], ["let's", 'do'], ['lets', 'do']],
  /** Before a follow-up, a polite ask of it ("can you do it again", "could you make it 3"). */
  politeAsks: [['can', 'you'], ['could', 'you'], ['can', 'u'], ['could', 'u']],
  editWords: new Set(['instead', 'same']),
  /** Chat that turns away from the token it names ("not BONK", "other than BONK"): the command's amount is not of it. */
  awayFrom: new Set(['instead', 'rather', 'except', 'other', 'another', 'different', 'not', 'never', 'but', 'than', 'without', 'no', 'keep', 'leave', 'save', 'spare']),
  /** …but "rather" right before one of these wishes for the token, where the command receives it ("I'd rather have USDC. Sell 2 SOL for USDC."). */
  ratherHave: new Set(['have', 'own', 'get', 'be', 'hold']),
  /** Before a command, a negation with one of these negates doing it ("don't actually execute it: send …", "nothing should go on chain"). */
  // ("no hagas esto:", "ne fais pas ça:", "não faça isso:", "mach das nicht:": other languages' "do".)
  doing: new Set(['execute', 'actually', 'run', 'sign', 'submit', 'broadcast', 'anything', 'chain', 'onchain', 'build', 'hagas', 'haga', 'hacer', 'fais', 'faites', 'faire', 'faça', 'faca', 'faz', 'fazer', 'farlo', 'fare', 'mach', 'machen']),
  /** Chat before a command holding one of these warns of it, or says someone else wrote it ("Got this from a scammer.", "My son typed this.", "Scam?"),
   * in three words, beside a pointer at the command (`pointers`) or a word of what may be (`warningModals`: "He says he will double the money."). */
  warnings: new Set([
    'scam', 'scams', 'scammer', 'scammers', 'hacker', 'hackers', 'hacked', 'phishing', 'drainer', 'stolen', 'fake', 'suspicious', 'compromised', 'stranger',
    'strangers', 'giveaway', 'verify', 'validation', 'blacklisted', 'flagged', 'fraud', 'fraudster', 'sanctioned',
  ]),
  /** …and, said by someone else (`people`, `someone`), these ("My son typed this."; "I typed it carefully." tells). */
  othersWrote: new Set(['typed', 'wrote', 'entered', 'pasted', 'sent']),
  /** …or said to do it ("My friend says to send this to his other wallet.", "Someone in my DMs told me to do this."): what points at the command, not at a noun. */
  othersSaid: new Set(['says', 'said', 'told', 'tells', 'asked', 'asks', 'wants', 'suggested', 'recommended']),
  someone: new Set(['he', 'she', 'they', 'someone', 'somebody', 'stranger', 'guy', 'person', 'admin', 'support', 'mod']),
  /** …or says it is not meant ("This is a joke, but:", "In my dream last night I told you,", "For the demo slides, not for real:", "Three times in a row,"). */
  notMeant: new Set(['joke', 'joking', 'kidding', 'messing', 'prank', 'trolling', 'dream', 'dreams', 'dreamt', 'dreamed', 'demo', 'pretend', 'pretending', 'practice', 'rehearsal', 'hypothetically', 'twice', 'thrice', 'row']),
  /** Beside someone's wish or word and what points at the command, a review before it goes out ("My partner wants to look at it first."). */
  reviews: new Set(['look', 'check', 'review', 'approve', 'confirm', 'see', 'first', 'before', 'until', 'wait', 'verify']),
  /** …or someone's preference for a token the command does not name ("The recipient says he only accepts USDT now."). */
  tokenPreferences: new Set(['accepts', 'accept', 'accepted', 'prefers', 'preferred', 'wants', 'wanted', 'only']),
  /** …or a clause of nothing but doubt ("Maybe, I don't know, possibly:", "Wait, let me think…"), holding one of `doubtsCore`. */
  doubts: new Set(['maybe', 'possibly', 'perhaps', 'i', "don't", 'dont', 'do', 'not', 'know', 'idk', 'dunno', 'sure', 'let', 'me', 'think', 'hmm', 'hmmm', 'wait', 'um', 'uh', 'so', 'honestly', 'really', 'am', "i'm", 'im']),
  doubtsCore: new Set(['maybe', 'possibly', 'perhaps', 'know', 'idk', 'dunno', 'sure', 'think']),
  /** …or a decision not made yet, said anywhere in it ("I'm still deciding.", "I can't decide.", "I'm torn.", "Let me think about it first.", "Just looking for now."). */
  /** …or a clause that ends in one of these ("I'm still not sure."; "Not sure how fees work here." asks how). */
  undecidedEndings: [['not', 'sure'], ['unsure']],
  undecided: new Set(['deciding', 'decide', 'undecided', 'torn', 'hesitant', 'hesitating', 'mulling', 'debating', 'pondering', 'contemplating', 'reconsidering', 'rethinking', 'wavering', 'indecisive']),
  undecidedPhrases: [
    ['not', 'sure', 'yet'], ['not', 'sure', 'about', 'it'], ['not', 'sure', 'about', 'this'], ['not', 'sure', 'about', 'that'], ['not', 'sure', 'if', 'i'], ['not', 'sure', 'whether'], ['not', 'sure', 'i'], ['think', 'about', 'it'], ['thinking', 'about', 'it'], ['think', 'about', 'this'], ['thinking', 'about', 'this'], ['think', 'it', 'over'], ['thinking', 'it', 'over'],
    ['considering', 'it'], ['considering', 'this'], ['still', 'considering'], ["i'm", 'considering'], ['im', 'considering'], ['weighing', 'it'], ['still', 'weighing'], ['sleep', 'on', 'it'],
    ['second', 'thoughts'], ["haven't", 'made', 'up'], ['havent', 'made', 'up'], ['not', 'made', 'up'], ['make', 'up', 'my', 'mind'], ['just', 'looking'], ['just', 'browsing'], ['just', 'exploring'], ['still', 'researching'], ['still', 'checking'], ['still', 'waiting', 'on'], ['waiting', 'on', 'him'], ['waiting', 'on', 'her'], ['waiting', 'on', 'them'],
  ],
  /** …or a check to make first: one of these with one of `checkedFirst` ("Let me confirm with him first.", "I still need to double check the address."). */
  checks: new Set(['check', 'confirm', 'verify', 'review', 'double-check', 'doublecheck', 'ask', 'tell']),
  checkedFirst: new Set(['first', 'beforehand', 'before', 'need', 'needs', 'let', 'lemme', 'still', 'yet', 'gotta']),
  /** …or a part of the command said to be wrong ("The amount might be wrong."). */
  wrong: new Set(['wrong', 'incorrect', 'off', 'mistake', 'typo']),
  commandParts: new Set(['amount', 'address', 'addy', 'recipient', 'number', 'token', 'figure', 'sum']),
  /** After "wrong", what was mistaken for whom a command pays ("wrong wallet.", "wrong person, send …"). */
  wrongPayees: new Set(['wallet', 'person', 'guy', 'account']),
  /** Beside "already" and a thing done, who was paid ("Already paid him earlier."; "He already did the work." tells). */
  payees: new Set(['him', 'her', 'them']),
  /** Someone's word with one of these is against the command ("My wife says wait."). */
  holds: new Set(['wait', 'hold', 'stop', 'pause', 'no', 'nope']),
  /** Before the verb of an order said before the command, words that leave it one ("Only send what's left."). */
  orderOpeners: new Set(['only', 'just', 'please', 'pls', 'and', 'then', 'also', 'first']),
  /** …and in such an order, words for a part of a balance. */
  balanceParts: new Set(['left', 'rest', 'remainder', 'remaining', 'whatever', "whatever's", 'everything', 'leftover', 'leftovers']),
  /** …or how much is to stay, with a wish or a modal and an amount ("I want 3 SOL left.", "I should have 3 SOL left."). */
  kept: new Set(['left', 'keep', 'remaining', 'remain', 'leftover', 'reserve', 'spare', 'aside']),
  modals: new Set(['should', 'must', 'will', "i'll", 'ill', 'gotta', 'shall', "i'd", 'id', 'would', 'make']),
  /** A sentence of the sender's balance opens with these and a word of `statesWithoutVerb` ("I only have 3 SOL left."). */
  balanceSubjects: new Set(['i', 'we']),
  balanceAdverbs: new Set(['only', 'still', 'just', 'currently', 'already', 'now', 'barely']),
  /** Opening a sentence of the present, prepositions that make its time one to act at ("In a couple of hours.", "Within the hour."). */
  timeOpeners: new Set(['in', 'within', 'by', 'around']),
  /** Opening chat before a command, subjects that may be the command itself: an amount said of them stays with it ("It should be 2 SOL."). */
  pointingSubjects: new Set(['it', "it's", 'its', 'that', "that's", 'thats', 'this']),
  /** …or an opinion asked, in a question ("What do you think?", "Is it safe?", "Good idea?"). */
  opinionAsks: new Set(['think', 'thoughts', 'reason', 'opinion', 'advice', 'advise', 'recommend', 'recommended', 'idea', 'smart', 'wise', 'safe', 'worth', 'sensible', 'sense', 'risky']),
  /** …or a wait ("Fees are high, wait for them to drop.", "Hold off a bit."). */
  waits: [['wait', 'for'], ['wait', 'till'], ['wait', 'until'], ['wait', 'and', 'see'], ['wait', 'a', 'bit'], ['wait', 'a', 'day'], ['hold', 'off']],
  /** …or a hold on what it trades ("I'd rather hold for now.", "so hold", "HODL."; parser.ts `holdsOn`), unless told after one of `heldTold`
   * ("tired of holding", "I've been holding SOL") or before one of `heldQuantities` ("I hold way too much SOL"). */
  holding: new Set(['hold', 'hodl', 'holding', 'hodling', 'hodlin', 'holdin', 'diamond']),
  /** …held after a determiner, what a hold on the command's funds names ("Hold the gains.", "Hold the wallet."). */
  heldThings: new Set(['stables', 'memecoins', 'memes', 'gains', 'profits', 'wallet', 'bag', 'bags', 'position', 'positions', 'coins', 'tokens', 'send', 'execution', 'command', 'line']),
  heldTold: new Set(['of', 'been', 'done', 'stop', 'stopped', 'quit', 'tired', 'from', 'after', 'while', 'without', 'since', 'finished']),
  heldQuantities: new Set(['too', 'way', 'so', 'lots', 'plenty', 'much', 'many', 'tons', 'enough', 'since', 'bags', 'a', 'more', 'dollars', 'stables', 'stablecoins', 'cash', 'usd', 'fiat']),
  /** …or, opening a clause of no verb, a negation (parser.ts `deniesBound`) of a bound or a price within three words ("Not at a loss.", "Nothing more.", "Not a cent more."). */
  boundDenials: new Set(['not', 'no', 'never', 'nothing', 'none', 'nothin']),
  deniedBounds: new Set([
    'more', 'less', 'extra', 'over', 'under', 'above', 'below', 'beneath', 'beyond', 'higher', 'lower', 'cheaper', 'loss', 'losses', 'profit',
    'price', 'prices', 'market', 'discount', 'premium', 'dip', 'bottom', 'top', 'peak', 'cent', 'penny', 'dime',
  ]),
  /** …or advice asked without a question mark, opening the clause ("Advise me.", "Please advise.", "Suggest something.") or anywhere ("Your call.", "Tell me what you think."). */
  adviceAsks: new Set(['advise', 'suggest', 'recommend', 'guide', 'counsel']),
  adviceAskedPhrases: [['your', 'call'], ['ur', 'call'], ['u', 'decide'], ['what', 'you', 'think'], ['what', 'do', 'you', 'think'], ['you', 'decide'], ['your', 'advice'], ['your', 'opinion']],
  /** …or a part of the command still to come (`lackedParts`: "Still need his address.", "Still waiting for the amount."; "I need this token." wishes). */
  lacking: new Set(['need', 'needs', 'missing', 'waiting', 'await', 'awaiting', 'lack', 'lacking', 'pending', 'tbd']),
  lackedParts: new Set(['address', 'addy', 'addr', 'recipient', 'amount', 'sum', 'figure']),
  /** In a correction with an address, the sender's own words beside an identifying one ("…, wait, <address> is my address"; parser.ts `withCorrection`). */
  ownWords: new Set(['my', 'mine', 'me', 'myself']),
  /** …or a need sized other than the command ("He needs 15 USDC.", "She asked for 30.", "My landlord wants 1200 USDC."). */
  needs: new Set(['need', 'needs', 'needed', 'want', 'wants', 'wanted', 'asked', 'asks', 'asking', 'expects', 'expected', 'expecting', 'requested', 'requests', 'owed']),
  /** …or a size said against another command ("Do the same as last time.", "Same amount as before.", "Last time it was 50, do 40 this time."; `comparedScales`: "Half as much as before."). */
  sizedAgainst: [['do', 'the', 'same'], ['same', 'amount'], ['same', 'size']],
  /** …and these beside an amount ("…, do 40 this time."; "Use 2% slippage this time," sizes nothing). */
  sizedThisTime: [['this', 'time'], ['instead']],
  /** …or duress, said anywhere before it ("He said he would hurt me.", "They are making me do this."). */
  duress: new Set(COERCION),
  duressPhrases: [['making', 'me'], ['made', 'me', 'do'], ['makes', 'me', 'do']],
  /** …or someone else's instruction, said anywhere in the message ("… . He told me to.", "… . My wife said so."). */
  instructedPhrases: [['told', 'me', 'to'], ['tells', 'me', 'to'], ['asked', 'me', 'to'], ['asks', 'me', 'to'], ['wants', 'me', 'to'], ['said', 'so'], ['says', 'so'], ['told', 'me', 'so'], ['said', 'to', 'do'], ['told', 'me', 'to', 'do'], ['said', 'to'], ['says', 'to']],
  /**
   * …and someone's word or decision that ends its sentence ("My brother says.", "He insists.", "My wife decides.", "…, my
   * brother said.", "Dad's call."), said by anyone but the sender ("Like I said." repeats).
   */
  decidedBy: new Set(['says', 'said', 'decides', 'decided', 'insists', 'insisted', 'orders', 'ordered', 'demands', 'demanded']),
  decisionNouns: new Set(['call', 'decision', 'orders', 'choice']),
  /**
   * Names of another chain that name no coin of their own nor an ordinary word: said anywhere beside a transaction, even with no
   * "on" ("… . It's for Arbitrum.", "Ethereum. Send …"), another chain ("bitcoin", "base", "near" need "on": they are also coins
   * or words).
   */
  chainOnlyNames: new Set([
    'ethereum', 'arbitrum', 'optimism', 'polygon', 'bsc', 'zksync', 'linea', 'starknet', 'berachain', 'gnosis', 'zora', 'unichain', 'taiko',
    'l2', 'evm', 'erc20', 'erc-20', 'bep20', 'bep-20', 'trc20', 'trc-20', 'cross-chain', 'crosschain', 'mainnet-eth', 'eth-mainnet', 'sepolia',
    'goerli', 'holesky', 'mumbai', 'amoy', 'cctp',
  ]),
  /** …the sender, before such a word ("Like I said.", "I've decided."). */
  ownSayers: new Set(['i', "i've", 'ive', 'we', "we've"]),
  /** …and the promises of a giveaway scam ("He says he will double it."; "JUP could double" tells). */
  promises: [['double', 'it'], ['double', 'that'], ['double', 'the', 'money'], ['double', 'your'], ['double', 'my', 'money'], ['triple', 'it'], ['send', 'it', 'back'], ['send', 'back', 'double'], ['back', 'double']],
  /** Chat before a command with a word of `already`, one of these and a pointer at it (`pointers`, `doneThings`), or of nothing but them, says it was done
   * ("I already sent it.", "He got the money already.", "Paid already.", "Sent."); "He already did the work." tells. */
  didIt: new Set(['done', 'did', 'sent', 'paid', 'received', 'completed', 'finished', 'handled', 'settled']),
  /** …and these only beside such a pointer ("He already got it."; "Got paid!" tells). */
  gotIt: new Set(['got', 'gotten']),
  already: new Set(['already', 'alr', 'allready']),
  /** …or with "yet", or one of these in three words, beside a pointer at the command or a verb of doing it, a negation of doing it now ("Not yet.", "No way.", "I'm not sure I should do this.", "I'm not ready to pay him."). */
  notYet: new Set(['yet']),
  notNow: new Set(['now', 'way', 'ever', 'ready', 'sure', 'should', 'supposed', 'allowed', 'checked', 'confirmed', 'approved', 'decided', 'agreed', 'today', 'tonight']),
  /** …or one of these beside it, a size denied ("Not the whole thing.", "Not more than that."). */
  deniedSizes: new Set(['whole', 'all', 'everything', 'entire', 'than', 'half']),
  /** …and these right after the negation, anywhere in the clause ("Fees are too high, not now.", "…, not today."). */
  deniedNow: new Set(['now', 'yet', 'today', 'tonight', 'ready', 'rn']),
  /** The negations a sentence of the story may deny something of its own with (parser.ts `tellsOnly`): never "stop", "avoid", "without". */
  denials: new Set(['not', "don't", 'dont', 'do not', 'never', "won't", 'wont', "can't", 'cant', "doesn't", "didn't", 'didnt']),
  /** …and the only words such a sentence may hold beside it: a judgement of the sender's own ("Not my best decision.", "Not financial advice."). */
  deniedJudgements: new Set(['my', 'a', 'an', 'the', 'so', 'too', 'very', 'best', 'finest', 'proudest', 'smartest', 'brightest', 'decision', 'financial', 'advice', 'bad', 'big', 'deal', 'proud', 'fan', 'sponsored', 'judge', 'worry', 'mad', 'upset']),
  /** Before a verb of the request's own action under way, the sender as its subject ("I'm sending rent …"). */
  /** Words that date a story in the past ("two weeks ago", "yesterday"; "last" before one of `dayParts`): `tellsOnly`'s history of trades before a request. */
  pastTimes: new Set(['yesterday', 'ago', 'earlier', 'previously']),
  /** Who tells such a history: the sender ("I bought …", "We sold …", "Just sold …"). */
  historySubjects: new Set(['i', 'we', 'just']),
  ownSubjects: new Set(["i'm", 'im', 'i', 'am', "we're", 'we', 'are', 'just', 'currently', 'now']),
  /** …and what says the money comes to the sender ("… sending rent to me"). */
  toSender: new Set(['me', 'us', 'myself']),
  /** Punctuation that opens no clause of chat: an apostrophe, a mention's "@" ("… from @alice" names a payer, no chat). */
  notClauseBreaks: new Set(["'", '@']),
  /** Ending a follow-up, these leave it undecided ("make it 2, wait", "I meant USDC, hmm"). */
  hesitations: new Set(['wait', 'hmm', 'hmmm', 'hm', 'hold', 'idk', 'dunno', 'um', 'uh', 'erm', 'uhh', 'umm']),
  /** In a follow-up without an address, these may name another payee ("do 3 to him", "make it 3, wrong address", "do 3 from his wallet"). */
  otherPayees: new Set(['him', 'her', 'them', 'his', 'their', 'ledger', 'wallet', 'address', 'account', 'me', 'us']),
  /** …but not after one of these ("and 10 more to the same address", "to that wallet"). */
  samePayee: new Set(['same', 'that', 'this']),
  /** Beside a wallet word, news of that wallet ("Her wallet got hacked.", "She changed her wallet."): chat before a command that holds it stops it. */
  walletNews: new Set([
    'changed', 'switched', 'replaced', 'deleted', 'drained', 'emptied', 'hacked', 'compromised', 'lost', 'stolen', 'frozen', 'blacklisted', 'closed',
    'moved', 'migrated', 'new', 'old', 'different', 'wrong', 'empty', 'dead', 'inactive', 'deactivated', 'broken', 'rugged',
    'phished', 'hijacked', 'locked', 'flagged', 'sanctioned', 'restricted', 'disabled', 'suspended', 'poisoned', 'leaked', 'exploited', 'bricked', 'tampered',
  ]),
  /** Words that point at the command from the chat around it. */
  pointers: new Set(['this', 'it', 'that', 'these']),
  warningModals: new Set(['may', 'might', 'could', 'will', 'says', 'said', 'promised', 'asked', 'told']),
  /** …and, for what was done already, the things done ("He got the money already."). */
  doneThings: new Set(['money', 'payment', 'funds', 'transfer', 'some', 'most', 'part']),
  /** …or someone paid off, with "already" or "been" ("He already got paid.", "She's been paid."). */
  paidOff: new Set(['paid', 'reimbursed', 'compensated', 'refunded']),
  /** "use JUP instead of SOL": what follows names the side the other token replaces. */
  insteadOf: ['instead', 'of'],
  /** "replace WIF with BONK": opening a follow-up, the token after it is the one turned from. */
  replaces: new Set(['replace']),
  replacedBy: new Set(['with', 'by', 'for']),
  /** "not USDC", "rather than USDC" said as one filler: the token a follow-up turns from. */
  turnedFrom: /^(?:not|rather than|instead of)\s+(\S+)$/i,
  editPhrases: ['of that', 'that amount', 'that much', 'half that', 'double it', 'double that', 'twice that', 'halve it', 'halve that', 'cut it in half'],
  /** …and these, which only an earlier amount gives a size to ("send half as much to <address>"): with none, nothing to build. */
  comparedScales: ['half as much', 'twice as much'],
  /** A follow-up that repeats the earlier command as it was. */
  repeats: new Set([
    'again', 'do it again', 'do that again', 'do this again', 'repeat', 'repeat that', 'repeat it', 'one more time', 'once more', 'same', 'same again',
    'same thing', 'same thing again', 'do the same', 'do the same again', 'another one', 'same please', 'again please',
    'once more the same', 'the same once more', 'same once more', 'and once more the same', 'and again', 'redo', 'redo it', 'redo that', 'redo this',
  ]),
  /** Of the repeats' words, those that say it again: a message of repeats' words with one of these repeats too ("again pls, same thing"). */
  repeatCores: new Set(['again', 'same', 'repeat', 'more', 'another', 'redo']),
  /** …and, in a sentence of its own beside a command, the words around them that leave it a repeat ("Yes, again.", "And again please."). */
  repeatSoftWords: new Set(['and', 'yes', 'yeah', 'yep', 'yup', 'also', 'so']),
  /** Without a verb, an address and an amount with one of these state what is or was ("<address> already got 5 USDC"). */
  statesWithoutVerb: new Set(['already', 'got', 'holding', 'holds', 'has', 'have', 'owns', 'own']),
  /** "my wallet balance": the balance, though "my wallet" alone asks for the portfolio. */
  /** Asked of the wallet with no token, the balance rather than the worth ("how much do I have", "cuánto tengo"). */
  balanceAsks: ['how much do i have', 'how much i have', 'how much have i got', 'how much do i hold', 'how much i got', 'cuanto tengo', 'cuánto tengo', 'quanto tenho'],
  walletBalance: ['wallet balance', 'wallet balances', 'wallet bal'],
  /** In a follow-up, a verb that names the token paid ("use USDT instead" after a swap). */
  payingVerbs: new Set(['use', 'pay', 'spend']),
  /** After an exact amount, a part said in a follow-up is of the balance only with one of these ("make it half my SOL"). */
  ofTheBalance: new Set(['my', 'balance', 'bag', 'stack', 'holdings', 'wallet']),
  /** A follow-up that halves or doubles the earlier amount. */
  halves: ['half of that', 'half that', 'half of it', 'half it', 'half as much', 'half the amount', 'halve it', 'halve that', 'halve the amount', 'cut it in half'],
  doubles: ['double it', 'double that', 'twice that', 'twice as much'],
  /** Words an answer to a clarifying question may correct itself with ("oops i meant BONK", "typo, USDC", "my bad: JUP"). */
  answerCorrections: new Set(['oops', 'whoops', 'meant', 'mean', 'bad', 'typo', 'correction']),
  /** Asked whom to pay, the only words an answer may label its address with ("full one: <address>", "it's my ledger: <address>"): a list of what is harmless, never of what is not. */
  addressAnswerLabels: new Set(['full', 'one', 'complete', 'whole', 'entire', 'address', 'addr', 'here', "here's", 'heres', "it's", 'its', 'ledger', 'oh']),
  followUpWords: new Set(['same', 'make', 'change', 'more', 'thing', 'address', 'wallet', 'person', 'once', 'time', 'meant', 'mean', 'exact', 'too']),
  /** "what about USDC?": the last question asked again of another token. */
  askAgain: [['what', 'about'], ['how', 'about'], ['and'], ['what', 'of']],
  /** Right after a question, its "same" asked of another token ("price of BONK" → "same for JUP"); never a change offered to a command, as `askAgain`'s may be. */
  askSame: [['same', 'for'], ['same', 'with'], ['do', 'the', 'same', 'for'], ['do', 'the', 'same', 'with'], ['same', 'thing', 'for']],
  /** The words of a balance ("how much SOL is in my wallet" asks where it is, not its price), and of a price asked in another token ("SOL in USDC"). */
  balanceWords: [
    'balance', 'bal', 'in my wallet', 'in my account', 'in my acct', 'in wallet', 'saldo', 'bakiye', 'bakiyem', 'balans', 'so du', 'ilan pa',
  ],
  /** "usdc left?", "how much JUP is in the wallet", "got any wif?": what is held, said without "my", where no price is asked and no address named. */
  heldWords: ['left', 'remaining', 'in the wallet', 'in this wallet', 'in the account', 'have any', 'got any', 'is there any', 'there any'],
  inAnother: ['in'],
};
