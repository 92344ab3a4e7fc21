import { Field, Float, Int, ObjectType } from 'type-graphql';
import { SolanaAddressScalar } from '../shared/scalars/solana-address.scalar';

@ObjectType('TokenHolding', { description: 'One token of a wallet: every account of the mint summed (wrapped SOL counts as SOL).' })
export class HoldingType {
  @Field(() => SolanaAddressScalar, { description: 'Mint address (base58); `So11111111111111111111111111111111111111112` for SOL.' })
  mint!: string;

  @Field(() => String, { description: 'From the token registry; UNKNOWN for a mint it does not list.' })
  symbol!: string;

  @Field(() => Float, { description: 'Whole tokens (amount / 10^decimals).' })
  balance!: number;

  @Field(() => String, { description: 'Base units, exact, as an integer string.' })
  amount!: string;

  @Field(() => Int, { description: 'Decimal places of the mint: `amount` / 10^decimals = `balance`.' })
  decimals!: number;

  @Field(() => Float, { nullable: true, description: 'USD per token; null when unknown.' })
  price!: number | null;

  @Field(() => Float, { nullable: true, description: 'Balance × price in USD, to the cent; null when the price is unknown.' })
  usdValue!: number | null;
}

@ObjectType('Portfolio', { description: "A wallet's holdings on the calling key's network, priced in USD." })
export class PortfolioType {
  @Field(() => SolanaAddressScalar, { description: 'The wallet read (base58).' })
  walletAddress!: string;

  @Field(() => String, { description: '`mainnet` for live keys, `devnet` for test keys.' })
  network!: string;

  @Field(() => Float, { description: 'Sum of the holdings’ usdValue, to the cent.' })
  totalValue!: number;

  @Field(() => [HoldingType], { description: 'Largest value first; empty balances are left out.' })
  tokens!: HoldingType[];

  @Field(() => Date, { description: 'When the balances were read from the chain (ISO 8601).' })
  lastUpdated!: Date;
}
