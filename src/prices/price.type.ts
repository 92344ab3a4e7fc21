import { Field, Float, ObjectType } from 'type-graphql';
import { SolanaAddressScalar } from '../shared/scalars/solana-address.scalar';

@ObjectType('TokenPrice', { description: 'Price and market data in USD.' })
export class TokenPriceType {
  @Field(() => SolanaAddressScalar, { description: 'Mint address (base58).' })
  mint!: string;

  @Field(() => String, { description: 'Symbol from the token registry, such as `SOL`.' })
  symbol!: string;

  @Field(() => Float, { description: 'USD per whole token.' })
  price!: number;

  @Field(() => Float, { nullable: true, description: '24-hour change in percent.' })
  change24h!: number | null;

  @Field(() => Float, { nullable: true, description: 'USD traded in the last 24 hours; null when the source does not say.' })
  volume24h!: number | null;

  @Field(() => Float, { nullable: true, description: 'Market capitalisation in USD; null when the source does not say.' })
  marketCap!: number | null;

  @Field(() => Date, { description: 'When the source last priced it (the snapshot date for the offline snapshot).' })
  lastUpdated!: Date;
}
