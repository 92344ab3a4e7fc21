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
  valuesConfig: {
    live: { description: 'Secret `parley_live_…`: mainnet.' },
    test: { description: 'Secret `parley_test_…`: devnet only, 100 requests a UTC day.' },
  },
});

@InputType({ description: 'A new API key. The caller can grant only scopes it holds.' })
export class CreateApiKeyInput {
  @Field(() => String, { description: 'Your label for the key, 1 to 100 characters.' })
  name!: string;

  @Field(() => [String], { description: 'Scopes from: read:portfolio, read:messages, write:messages, write:sessions, read:prices, admin.' })
  scopes!: string[];

  @Field(() => Date, { nullable: true, description: 'When the key stops working; never when omitted.' })
  expiresAt?: Date | null;

  @Field(() => KeyEnvironmentValue, { nullable: true, description: "Defaults to the calling key's environment." })
  environment?: KeyEnvironment | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Origins (`https://app.example.com`, as browsers send `Origin`) the key and the client tokens it mints may be used from, at most 20; requests from others are 403 `origin_not_allowed`. Any origin when omitted.',
  })
  allowedOrigins?: string[] | null;
}

/** A key as its owner sees it: never the hash, and the secret only when just issued. */
@ObjectType({ description: 'A key just created: the only time its secret is shown.' })
export class IssuedApiKey {
  @Field(() => ID, { description: '`key_` followed by 16 base62 characters; use it to revoke or rotate the key (never a secret).' })
  keyId!: string;

  @Field(() => String, { description: 'The secret. Shown once: store it now.' })
  key!: string;

  @Field(() => String, { description: 'Your label for the key.' })
  name!: string;

  @Field(() => [String], { description: 'What the key may do: read:portfolio, read:messages, write:messages, write:sessions, read:prices, admin (admin implies every scope).' })
  scopes!: Scope[];

  @Field(() => KeyEnvironmentValue, { description: '`live` (mainnet) or `test` (devnet).' })
  environment!: KeyEnvironment;

  @Field(() => Date, { description: 'ISO 8601, UTC.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the key stops working (ISO 8601, UTC); null: never.' })
  expiresAt!: Date | null;

  @Field(() => [String], { nullable: true, description: 'Origins the key may be used from; null: any.' })
  allowedOrigins!: string[] | null;

  static of(key: ApiKey, secret: string): IssuedApiKey {
    return Object.assign(new IssuedApiKey(), {
      keyId: key.id,
      key: secret,
      name: key.name,
      scopes: key.scopes,
      environment: key.environment,
      createdAt: key.createdAt,
      expiresAt: key.expiresAt,
      allowedOrigins: key.allowedOrigins,
    });
  }
}

@ObjectType({ description: "A rotated key's successor (its secret shown once) and until when the previous key works." })
export class RotatedApiKey extends IssuedApiKey {
  @Field(() => ID, { description: 'The key rotated (now `rotated`).' })
  previousKeyId!: string;

  @Field(() => Date, { description: 'Until then the previous key keeps working.' })
  previousKeyExpiresAt!: Date;
}

@ObjectType({ description: 'A key just revoked: it answers 401 from now on.' })
export class RevokedApiKey {
  @Field(() => ID, { description: 'The key revoked.' })
  keyId!: string;

  @Field(() => String, { description: 'Always `revoked`.' })
  status!: 'revoked';

  @Field(() => Date, { description: 'ISO 8601, UTC.' })
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
  valuesConfig: {
    active: { description: 'Works.' },
    revoked: { description: 'Revoked: answers 401 `unauthorized`.' },
    expired: { description: 'Past its `expiresAt`: answers 401 `unauthorized`.' },
    rotated: { description: 'Replaced by a successor; works until its `expiresAt`, 24 hours after the rotation.' },
  },
});

/** A key of the account as listed: never its secret or hash. */
@ObjectType({ description: 'An API key of your account, without its secret (shown once, at creation or rotation).' })
export class ListedApiKey {
  @Field(() => ID, { description: '`key_` followed by 16 base62 characters; use it to revoke or rotate the key (never a secret).' })
  keyId!: string;

  @Field(() => String, { description: 'Your label for the key.' })
  name!: string;

  @Field(() => [String], { description: 'What the key may do: read:portfolio, read:messages, write:messages, write:sessions, read:prices, admin (admin implies every scope).' })
  scopes!: Scope[];

  @Field(() => KeyEnvironmentValue, { description: '`live` (mainnet) or `test` (devnet).' })
  environment!: KeyEnvironment;

  @Field(() => Date, { description: 'ISO 8601, UTC.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the key stops (or stopped) working; null: never.' })
  expiresAt!: Date | null;

  @Field(() => [String], { nullable: true, description: 'Origins the key may be used from; null: any.' })
  allowedOrigins!: string[] | null;

  @Field(() => Date, { nullable: true, description: 'Last authenticated request, to the minute; null: never used.' })
  lastUsedAt!: Date | null;

  @Field(() => KeyStatusValue, { description: 'As of this request (see KeyStatus).' })
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
      allowedOrigins: key.allowedOrigins,
      status,
    });
  }
}

@ObjectType({ description: "Your account's API keys, oldest first." })
export class ApiKeyList {
  @Field(() => [ListedApiKey], { description: 'Every key of the account, revoked and expired ones included.' })
  keys!: ListedApiKey[];
}
