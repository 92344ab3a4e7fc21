import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import type { Scope } from '../auth/scopes';
import type { ApiKey, KeyEnvironment } from './api-key.entity';
import type { KeyStatus } from './key.service';

enum KeyEnvironmentValue {
  live = 'live',
  test = 'test',
}
registerEnumType(KeyEnvironmentValue, {
  name: 'KeyEnvironment',
  description: '`live` keys reach mainnet; `test` keys reach devnet only and make at most 100 requests a day.',
});

@InputType({ description: 'A new API key. The caller can grant only scopes it holds.' })
export class CreateApiKeyInput {
  @Field(() => String)
  name!: string;

  @Field(() => [String], { description: 'Scopes from: read:portfolio, read:messages, write:messages, write:sessions, read:prices, admin.' })
  scopes!: string[];

  @Field(() => Date, { nullable: true, description: 'When the key stops working; never when omitted.' })
  expiresAt?: Date | null;

  @Field(() => KeyEnvironmentValue, { nullable: true, description: "Defaults to the calling key's environment." })
  environment?: KeyEnvironment | null;
}

/** A key as its owner sees it: never the hash, and the secret only when just issued. */
@ObjectType()
export class IssuedApiKey {
  @Field(() => ID)
  keyId!: string;

  @Field(() => String, { description: 'The secret. Shown once: store it now.' })
  key!: string;

  @Field(() => String)
  name!: string;

  @Field(() => [String])
  scopes!: Scope[];

  @Field(() => KeyEnvironmentValue)
  environment!: KeyEnvironment;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  expiresAt!: Date | null;

  static of(key: ApiKey, secret: string): IssuedApiKey {
    return Object.assign(new IssuedApiKey(), {
      keyId: key.id,
      key: secret,
      name: key.name,
      scopes: key.scopes,
      environment: key.environment,
      createdAt: key.createdAt,
      expiresAt: key.expiresAt,
    });
  }
}

@ObjectType()
export class RotatedApiKey extends IssuedApiKey {
  @Field(() => ID)
  previousKeyId!: string;

  @Field(() => Date, { description: 'Until then the previous key keeps working.' })
  previousKeyExpiresAt!: Date;
}

@ObjectType()
export class RevokedApiKey {
  @Field(() => ID)
  keyId!: string;

  @Field(() => String, { description: 'Always `revoked`.' })
  status!: 'revoked';

  @Field(() => Date)
  revokedAt!: Date;
}

enum KeyStatusValue {
  active = 'active',
  revoked = 'revoked',
  expired = 'expired',
  rotated = 'rotated',
}
registerEnumType(KeyStatusValue, {
  name: 'KeyStatus',
  description: '`rotated`: replaced by a successor and still working until its `expiresAt` (the 24-hour grace period).',
});

/** A key of the account as listed: never its secret or hash. */
@ObjectType({ description: 'An API key of your account, without its secret (shown once, at creation or rotation).' })
export class ListedApiKey {
  @Field(() => ID)
  keyId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => [String])
  scopes!: Scope[];

  @Field(() => KeyEnvironmentValue)
  environment!: KeyEnvironment;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the key stops (or stopped) working; null: never.' })
  expiresAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'Last authenticated request, to the minute; null: never used.' })
  lastUsedAt!: Date | null;

  @Field(() => KeyStatusValue)
  status!: KeyStatus;

  static of(key: ApiKey, status: KeyStatus): ListedApiKey {
    return Object.assign(new ListedApiKey(), {
      keyId: key.id,
      name: key.name,
      scopes: key.scopes,
      environment: key.environment,
      createdAt: key.createdAt,
      expiresAt: key.expiresAt,
      lastUsedAt: key.lastUsedAt,
      status,
    });
  }
}

@ObjectType({ description: "Your account's API keys, oldest first." })
export class ApiKeyList {
  @Field(() => [ListedApiKey])
  keys!: ListedApiKey[];
}
