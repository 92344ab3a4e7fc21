import { GraphQLScalarType, Kind } from 'graphql';

const DIGITS = /^(0|[1-9][0-9]*)$/;

/**
 * A non-negative integer amount in a token's base units, exact at any size: a JSON number up to
 * 2^53 − 1, above it a string of digits (the spec's `parameters.amount` is a JSON integer).
 */
export const IntegerAmountScalar = new GraphQLScalarType<number | string, number | string>({
  name: 'IntegerAmount',
  description: "A whole number of a token's base units: a JSON number up to 2^53 − 1, else a string of digits.",
  serialize(value) {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
    if (typeof value === 'bigint') return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : String(value);
    if (typeof value === 'string' && DIGITS.test(value)) return BigInt(value) <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
    throw new TypeError(`Not an integer amount: ${JSON.stringify(value)?.slice(0, 60)}`);
  },
  parseValue(value) {
    if ((typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) || (typeof value === 'string' && DIGITS.test(value))) return value;
    throw new TypeError(`An integer amount is a whole number of base units, got ${JSON.stringify(value)?.slice(0, 60)}`);
  },
  parseLiteral(ast) {
    if ((ast.kind === Kind.INT || ast.kind === Kind.STRING) && DIGITS.test(ast.value)) return ast.kind === Kind.INT ? Number(ast.value) : ast.value;
    throw new TypeError('An integer amount is a whole number of base units');
  },
});
