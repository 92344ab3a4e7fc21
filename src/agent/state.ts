import { isSolanaAddress } from '../shared/solana-address';
import type { AmountSpec, Command, Draft, Hold, Pending, Slot, TokenRef } from './command';

/**
 * The parser's state that a session keeps between messages: the command a clarifying question
 * waits on (`session.pending`) and each message's parsed command (`intent.command`), stored as
 * JSON. Each carries the version of its shape. What another version stored is read only where
 * its shape is checked to mean the same thing, else dropped: a pending question is then asked
 * afresh and an earlier command is not followed up. It is never read as something else.
 *
 * Versions: 1 (no `version` field) is what parsers before issue 32 stored, the same shape as 2
 * with nothing to tell what wrote it, so it is read only when every field checks; 2 is 3 without
 * a swap draft's `purchase` (absent, a dollar answer sizes what is paid, as version 2 read it);
 * 3 is 4 without a price query's `tokens` (a price of several tokens at once) and a pending question's
 * `among` (the tokens a name several mints claim stands for); 4 is 5 without a held message; 5 is
 * this one: the session's pending state is a question (`Pending`), a message that held the next
 * command (`hold`, `said`: "don't run the next one", and the command last refused under it), or
 * both. A version above 5 comes from a newer parser (a rollback) and is dropped, but a hold in it
 * still holds.
 */
export const PARSER_STATE_VERSION = 5;

export type StoredPending = Partial<Pending> & { hold?: string; said?: string; version: number };
export type StoredCommand = Command & { version: number };

/** What a session keeps for the parser's next message: a question waiting, a hold, both, or nothing. */
export function storePending(pending?: Pending, hold?: Hold): StoredPending | undefined {
  if (!pending && !hold) return undefined;
  return { ...pending, ...(hold && { hold: hold.quote, ...(hold.said !== undefined && { said: hold.said }) }), version: PARSER_STATE_VERSION };
}

export function storeCommand(command: Command): StoredCommand {
  return { ...command, version: PARSER_STATE_VERSION };
}

/**
 * A stored pending command and held message, each where it is stored and can be read safely. A hold that cannot be read (a
 * newer version's, a field of the wrong type) still holds, under a quote of its own: dropping it would build what it held.
 */
export function readPending(stored: unknown): { pending?: Pending; held?: Hold; dropped: boolean } {
  if (stored === null || stored === undefined) return { dropped: false };
  const held = heldIn(stored);
  const kept = held ? { held } : {};
  if (!isObject(stored) || !readable(stored.version)) return { ...kept, dropped: !held };
  const { ask, draft, among } = stored;
  if (held && ask === undefined && draft === undefined) return { ...kept, dropped: false };
  if (!SLOTS.includes(ask as Slot) || !isDraft(draft) || !isAmong(among)) return { ...kept, dropped: true };
  return { pending: { ask: ask as Slot, draft, ...(among !== undefined && { among: among as string[] }) }, ...kept, dropped: false };
}

/** The hold a stored state keeps, as written where this version can read it, else under a quote of its own. */
function heldIn(stored: unknown): Hold | undefined {
  if (!isObject(stored) || !('hold' in stored)) return undefined;
  const text = (field: unknown) => typeof field === 'string' && field.length > 0 && field.length <= 2000;
  if (stored.version !== PARSER_STATE_VERSION || !text(stored.hold) || !optional(text)(stored.said)) return { quote: 'an earlier message' };
  return { quote: stored.hold as string, ...(stored.said !== undefined && { said: stored.said as string }) };
}

/** A stored command, or undefined where it cannot be read safely. */
export function readCommand(stored: unknown): Command | undefined {
  if (!isObject(stored) || !readable(stored.version)) return undefined;
  const command = { ...stored };
  delete command.version;
  return isCommand(command) ? (command as Command) : undefined;
}

const readable = (version: unknown) => version === undefined || version === 1 || version === 2 || version === 3 || version === 4 || version === PARSER_STATE_VERSION;

const SLOTS: Slot[] = ['input', 'output', 'amount', 'recipient', 'token'];

const SUBJECTS = ['balance', 'portfolio', 'price', 'help'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Only the keys named, each of the right type (absent where optional). */
function fits(value: Record<string, unknown>, checks: Record<string, (field: unknown) => boolean>): boolean {
  return Object.keys(value).every((key) => key in checks) && Object.entries(checks).every(([key, check]) => check(value[key]));
}

const optional = (check: (field: unknown) => boolean) => (field: unknown) => field === undefined || check(field);
/** The symbols a question offered (`Pending.among`), where it offered some. */
const isAmong = optional((field) => Array.isArray(field) && field.length > 0 && field.length <= 10 && field.every((symbol) => typeof symbol === 'string' && symbol.length <= 20));
const oneOf = (...values: unknown[]) => (field: unknown) => values.includes(field);

function isTokenRef(value: unknown): value is TokenRef {
  return (
    isObject(value) &&
    fits(value, {
      symbol: (field) => typeof field === 'string' && field.length > 0,
      mint: (field) => typeof field === 'string' && isSolanaAddress(field),
      decimals: optional((field) => Number.isInteger(field) && (field as number) >= 0 && (field as number) <= 255),
    })
  );
}

const DECIMAL = /^\d+(\.\d+)?$/;
const positive = (field: unknown) => Number.isInteger(field) && (field as number) > 0;

function isAmountSpec(value: unknown): value is AmountSpec {
  if (!isObject(value)) return false;
  switch (value.kind) {
    case 'exact':
    case 'usd':
      return fits(value, { kind: oneOf(value.kind), value: (field) => typeof field === 'string' && DECIMAL.test(field) });
    case 'fraction':
      return fits(value, { kind: oneOf('fraction'), numerator: positive, denominator: positive }) && (value.numerator as number) <= (value.denominator as number);
    default:
      return false;
  }
}

const slippage = optional((field) => Number.isInteger(field) && (field as number) >= 0 && (field as number) <= 5000);
const recipient = (field: unknown) => typeof field === 'string' && isSolanaAddress(field);

function isCommand(value: Record<string, unknown>): boolean {
  switch (value.action) {
    case 'swap':
      return fits(value, { action: oneOf('swap'), input: isTokenRef, output: isTokenRef, amount: isAmountSpec, swapMode: oneOf('ExactIn', 'ExactOut'), slippageBps: slippage });
    case 'transfer':
      return fits(value, { action: oneOf('transfer'), token: isTokenRef, amount: isAmountSpec, recipient });
    case 'query':
      return fits(value, { action: oneOf('query'), subject: oneOf(...SUBJECTS), token: optional(isTokenRef), tokens: optional((field) => Array.isArray(field) && field.length > 1 && field.every(isTokenRef)) });
    case 'cancel':
      return fits(value, { action: oneOf('cancel') });
    default:
      return false;
  }
}

function isDraft(value: unknown): value is Draft {
  if (!isObject(value)) return false;
  switch (value.action) {
    case 'swap':
      return fits(value, {
        action: oneOf('swap'),
        input: optional(isTokenRef),
        output: optional(isTokenRef),
        amount: optional(isAmountSpec),
        amountOf: optional(oneOf('input', 'output')),
        slippageBps: slippage,
        purchase: optional((field) => typeof field === 'boolean'),
      });
    case 'transfer':
      return fits(value, { action: oneOf('transfer'), token: optional(isTokenRef), amount: optional(isAmountSpec), recipient: optional(recipient) });
    default:
      return false;
  }
}
