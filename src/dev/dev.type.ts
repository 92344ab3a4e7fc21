import { GraphQLScalarType, Kind } from 'graphql';
import { Field, InputType, ObjectType } from 'type-graphql';
import { decimalText } from '../shared/amounts';

/** A non-negative decimal amount of whole tokens, given as a JSON number or a string; read as exact text. */
export const DecimalAmountScalar = new GraphQLScalarType<string, string>({
  name: 'DecimalAmount',
  description: 'A decimal amount of whole tokens, such as 2.5 or "0.000001", read exactly.',
  serialize: (value) => value as string,
  parseValue(value) {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return decimalText(value);
    if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)) return value;
    throw new TypeError(`Expected a non-negative decimal amount, got ${JSON.stringify(value)?.slice(0, 40)}`);
  },
  parseLiteral(ast) {
    if ((ast.kind === Kind.INT || ast.kind === Kind.FLOAT || ast.kind === Kind.STRING) && /^\d+(\.\d+)?$/.test(ast.value)) return ast.value;
    throw new TypeError('Expected a non-negative decimal amount');
  },
});

@InputType({ description: 'Tokens to mint into a wallet on the embedded ledger (local development only).' })
export class AirdropInput {
  @Field(() => String, { description: 'The wallet to fund: a base58 Solana address (32 bytes).' })
  walletAddress!: string;

  @Field(() => String, { description: 'Symbol, name or mint of a registry token, SOL included.' })
  token!: string;

  @Field(() => DecimalAmountScalar, { description: 'Whole tokens.' })
  amount!: string;
}

@ObjectType({ description: 'What the faucet credited.' })
export class AirdropResult {
  @Field(() => String, { description: 'The funded wallet (base58).' })
  walletAddress!: string;

  @Field(() => String, { description: '`mainnet` (live keys) or `devnet` (test keys): whose embedded ledger was funded.' })
  network!: string;

  @Field(() => String, { description: 'Mint address of the token credited (base58); wrapped SOL\'s for SOL.' })
  mint!: string;

  @Field(() => String, { description: 'Symbol of the token credited, such as `SOL` or `USDC`.' })
  symbol!: string;

  @Field(() => String, { description: 'Whole tokens, as asked.' })
  amount!: string;

  @Field(() => String, { description: 'Base units credited.' })
  baseUnits!: string;
}
