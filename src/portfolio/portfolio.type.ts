import { Field, Float, Int, ObjectType } from 'type-graphql';
import { SolanaAddressScalar } from '../shared/scalars/solana-address.scalar';

@ObjectType('TokenHolding')
export class HoldingType {
  @Field(() => SolanaAddressScalar)
  mint!: string;

  @Field(() => String, { description: 'From the token registry; UNKNOWN for a mint it does not list.' })
  symbol!: string;

  @Field(() => Float, { description: 'Whole tokens (amount / 10^decimals).' })
  balance!: number;

  @Field(() => String, { description: 'Base units, exact, as an integer string.' })
  amount!: string;

  @Field(() => Int)
  decimals!: number;

  @Field(() => Float, { nullable: true, description: 'USD per token; null when unknown.' })
  price!: number | null;

  @Field(() => Float, { nullable: true, description: 'balance × price, to the cent; null when the price is unknown.' })
  usdValue!: number | null;
}

@ObjectType('Portfolio')
export class PortfolioType {
  @Field(() => SolanaAddressScalar)
  walletAddress!: string;

  @Field(() => String, { description: '`mainnet` for live keys, `devnet` for test keys.' })
  network!: string;

  @Field(() => Float, { description: 'Sum of the holdings’ usdValue, to the cent.' })
  totalValue!: number;

  @Field(() => [HoldingType], { description: 'Largest value first; empty balances are left out.' })
  tokens!: HoldingType[];

  @Field(() => Date)
  lastUpdated!: Date;
}
