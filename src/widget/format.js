// Pure helpers of the widget: amounts in words people read, and bytes in the base64 Parley's
// API speaks. No DOM here.

/** Base units (an integer string, maybe negative) as whole tokens, exactly: ("-1500000", 6) → "-1.5". */
export function units(base, decimals) {
  const value = BigInt(base);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '−' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A change in whole tokens with its sign: "+1.5", "−0.25", "0". */
export function change(base, decimals) {
  const text = units(base, decimals);
  return BigInt(base) > 0n ? `+${text}` : text;
}

/** "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU" → "7xKX…gAsU". */
export const shortAddress = (address) => `${address.slice(0, 4)}…${address.slice(-4)}`;

export const toBase64 = (bytes) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
export const fromBase64 = (text) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
