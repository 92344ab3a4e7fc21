import { GraphQLScalarType, Kind } from 'graphql';
import { INVALID_ADDRESS_MESSAGE, isSolanaAddress } from '../solana-address';

const refuse = (value: unknown) =>
  new TypeError(`${INVALID_ADDRESS_MESSAGE}, got ${JSON.stringify(value)?.slice(0, 60)}`);

/** A Solana account address: base58 that decodes to 32 bytes. Checked wherever it is input. */
export const SolanaAddressScalar = new GraphQLScalarType<string, string>({
  name: 'SolanaAddress',
  description: 'A Solana public key in base58 (32 bytes), such as a wallet or a token mint.',
  serialize: (value) => value as string,
  parseValue(value) {
    if (!isSolanaAddress(value)) throw refuse(value);
    return value as string;
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING || !isSolanaAddress(ast.value)) throw refuse(ast.kind === Kind.STRING ? ast.value : ast.kind);
    return ast.value;
  },
});
