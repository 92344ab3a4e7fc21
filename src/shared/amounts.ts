/**
 * Token amounts. On chain an amount is an integer of base units (bigint here); people write
 * decimals ("1.5 SOL"). Conversions go through the decimal text, never binary floating point.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export class AmountError extends Error {}

/** "1.5" with 9 decimals → 1500000000n. Throws when the text is not a plain non-negative decimal or has more fractional digits than the token. */
export function toBaseUnits(text: string, decimals: number): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new AmountError(`"${text}" is not a plain decimal amount`);
  const [, whole, fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > decimals) {
    throw new AmountError(`"${text}" has more than ${decimals} decimal places`);
  }
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
}

/** 1500000000n with 9 decimals → "1.5". */
export function formatUnits(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A JSON number as plain decimal text ("0.00001183", never "1.183e-5"), for exact arithmetic. */
export function decimalText(value: number): string {
  if (!Number.isFinite(value)) throw new AmountError(`${value} is not a finite number`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/**
 * USD cents of `amount` base units at `price` dollars per whole token, rounded half up:
 * amount × price / 10^decimals, in integer arithmetic on the exact decimal digits of both.
 */
export function usdCents(amount: bigint, decimals: number, price: number): bigint {
  const [whole, fraction = ''] = decimalText(price).split('.');
  const priceScaled = BigInt(whole + fraction);
  const scale = 10n ** BigInt(decimals + fraction.length);
  const numerator = amount * priceScaled * 100n;
  return (numerator + scale / 2n) / scale;
}
