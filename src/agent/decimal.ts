/**
 * Exact decimals for amounts as people say them ("2.5k", "one hundred and fifty", "half of
 * that"): an integer and a power of ten, never a float. Rendered as canonical decimal text
 * ("2500", "0.5"), which the agent turns into base units with the mint's decimals.
 */
export interface Decimal {
  units: bigint;
  scale: number;
}

export const decimal = (units: bigint | number, scale = 0): Decimal => ({ units: BigInt(units), scale });

/** "1,000.50" → 1000.5; null unless the digits are plain or grouped by thousands ("0,500" is no thousands). */
export function parseDecimal(text: string): Decimal | null {
  if (!/^([1-9]\d{0,2}(,\d{3})+|\d+)(\.\d+)?$|^\.\d+$/.test(text)) return null;
  const [whole, fraction = ''] = text.replace(/,/g, '').split('.');
  return { units: BigInt(`${whole || '0'}${fraction}`), scale: fraction.length };
}

export function shift(value: Decimal, powerOfTen: number): Decimal {
  return powerOfTen >= 0 ? { units: value.units * 10n ** BigInt(powerOfTen), scale: value.scale } : { units: value.units, scale: value.scale - powerOfTen };
}

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: a.units * 10n ** BigInt(scale - a.scale) + b.units * 10n ** BigInt(scale - b.scale), scale };
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** a / n where the result is a finite decimal (n made of 2s and 5s); null otherwise. */
export function divide(a: Decimal, n: number): Decimal | null {
  let units = a.units;
  let scale = a.scale;
  for (let i = 0; i < 20; i++) {
    if (units % BigInt(n) === 0n) return { units: units / BigInt(n), scale };
    units *= 10n;
    scale += 1;
  }
  return null;
}

export const isZero = (value: Decimal) => value.units === 0n;

/** Canonical text: no exponent, no trailing zeros ("2500", "0.5"). */
export function format(value: Decimal): string {
  const digits = value.units.toString().padStart(value.scale + 1, '0');
  if (value.scale === 0) return digits;
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
