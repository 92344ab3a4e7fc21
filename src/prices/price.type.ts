import { Field, Float, ObjectType } from 'type-graphql';
import { SolanaAddressScalar } from '../shared/scalars/solana-address.scalar';

@ObjectType('TokenPrice', { description: 'Price and market data in USD.' })
export class TokenPriceType {
  @Field(() => SolanaAddressScalar)
  mint!: string;

  @Field(() => String)
  symbol!: string;

  @Field(() => Float)
  price!: number;

  @Field(() => Float, { nullable: true, description: '24-hour change in percent.' })
  change24h!: number | null;

  @Field(() => Float, { nullable: true })
  volume24h!: number | null;

  @Field(() => Float, { nullable: true })
  marketCap!: number | null;

  @Field(() => Date, { description: 'When the source last priced it (the snapshot date for the offline snapshot).' })
  lastUpdated!: Date;
}
