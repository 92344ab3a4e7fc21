import { AmountError, decimalText, formatUnits, toBaseUnits, usdCents } from '../../src/shared/amounts';

describe('amounts', () => {
  it.each([
    ['1.5', 9, 1_500_000_000n],
    ['0.000000001', 9, 1n],
    ['20', 6, 20_000_000n],
    ['0.1', 6, 100_000n],
    ['123456789012.123456', 6, 123_456_789_012_123_456n],
    ['1.50000000000', 6, 1_500_000n],
    ['0', 5, 0n],
  ])('toBaseUnits(%s, %i) = %s', (text, decimals, expected) => {
    expect(toBaseUnits(text, decimals)).toBe(expected);
  });

  it.each([['1.0000001', 6], ['-1', 6], ['1e3', 6], ['abc', 6], ['', 6], ['1.', 6], ['.5', 6], ['0.000001', 5]])(
    'refuses %s at %i decimals',
    (text, decimals) => {
      expect(() => toBaseUnits(text, decimals)).toThrow(AmountError);
    },
  );

  it('formats base units back to exact decimal text', () => {
    expect(formatUnits(1_500_000_000n, 9)).toBe('1.5');
    expect(formatUnits(1n, 9)).toBe('0.000000001');
    expect(formatUnits(20_000_000n, 6)).toBe('20');
    expect(formatUnits(2n ** 64n - 1n, 9)).toBe('18446744073.709551615');
  });

  it('writes small prices without exponents', () => {
    expect(decimalText(0.00001183)).toBe('0.00001183');
    expect(decimalText(147.48)).toBe('147.48');
  });

  it('values amounts to the cent without binary floating point on base units', () => {
    // 0.1 + 0.2 style traps: 3 × $0.1 is exactly 30 cents.
    expect(usdCents(3_000_000n, 6, 0.1)).toBe(30n);
    expect(usdCents(2_000_000_000n, 9, 131.42)).toBe(26_284n);
    expect(usdCents(1_000_000_000_00000n, 5, 0.00001183)).toBe(1_183_000n);
    expect(usdCents(1n, 9, 131.42)).toBe(0n);
    expect(usdCents(2n ** 64n - 1n, 9, 131.42)).toBe(242_427_110_616_691n);
  });
});
