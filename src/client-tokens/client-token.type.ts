import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { Scope } from '../auth/scopes';
import { SolanaAddressScalar } from '../shared/scalars/solana-address.scalar';
import type { ClientToken } from './client-token.entity';

@InputType({ description: "A client token's lifetime and origins; both optional." })
export class CreateClientTokenInput {
  @Field(() => Int, { nullable: true, description: 'Seconds it lives: 60 to 86400; 3600 when omitted. Never past its session.' })
  ttlSeconds?: number | null;

  @Field(() => [String], {
    nullable: true,
    description: "Origins its requests may come from (`https://app.example.com`), at most 20, each among the key's own; the key's when omitted.",
  })
  allowedOrigins?: string[] | null;
}

/** A client token as its minter sees it: the secret this once, never the hash. */
@ObjectType({ description: 'A client token just minted: a Bearer credential for this one session, shown once. Hand it to the page; keep the key on your server.' })
export class IssuedClientToken {
  @Field(() => String, { description: '`parley_ct_` followed by 32 base62 characters: the Bearer credential (HTTP and `connection_init`). Shown once.' })
  clientToken!: string;

  @Field(() => ID, { description: 'The one session it acts on.' })
  sessionId!: string;

  @Field(() => SolanaAddressScalar, { description: "The session's wallet: the only portfolio it reads, the signer of what it builds." })
  walletAddress!: string;

  @Field(() => [String], { description: "What it may do: of read:messages, write:messages, read:portfolio, read:prices, those its key holds." })
  scopes!: Scope[];

  @Field(() => Date, { description: 'When it stops working (ISO 8601, UTC); it stops earlier if its session ends or its key is revoked.' })
  expiresAt!: Date;

  @Field(() => [String], { nullable: true, description: 'Origins it may be used from; null: any.' })
  allowedOrigins!: string[] | null;

  static of(token: ClientToken, secret: string): IssuedClientToken {
    return Object.assign(new IssuedClientToken(), {
      clientToken: secret,
      sessionId: token.session.id,
      walletAddress: token.session.walletAddress,
      scopes: token.scopes,
      expiresAt: token.expiresAt,
      allowedOrigins: token.allowedOrigins,
    });
  }
}
