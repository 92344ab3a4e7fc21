import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../app/context';
import { principalOf } from '../auth/auth-checker';
import { ApiKeyList, CreateApiKeyInput, IssuedApiKey, ListedApiKey, RevokedApiKey, RotatedApiKey } from './api-key.type';

@Resolver()
export class KeyResolver {
  @Authorized('admin')
  @Query(() => ApiKeyList, { description: "Your account's keys with their status; never a secret or a hash. " })
  async apiKeys(@Ctx() ctx: Context): Promise<ApiKeyList> {
    const listed = await ctx.keys.list(principalOf(ctx));
    return { keys: listed.map(({ key, status }) => ListedApiKey.of(key, status)) };
  }

  @Authorized('admin')
  @Mutation(() => IssuedApiKey, { description: 'Creates an API key of the caller\'s account. The secret is in this response only.' })
  async createApiKey(@Arg('input', () => CreateApiKeyInput, { description: 'Name, scopes, optional expiry and environment.' }) input: CreateApiKeyInput, @Ctx() ctx: Context): Promise<IssuedApiKey> {
    const { key, secret } = await ctx.keys.create(principalOf(ctx), input);
    return IssuedApiKey.of(key, secret);
  }

  @Authorized('admin')
  @Mutation(() => RevokedApiKey, { description: 'Revokes a key at once.' })
  async revokeApiKey(@Arg('keyId', () => ID, { description: 'The key to revoke (`key_…`), one of your account\'s.' }) keyId: string, @Ctx() ctx: Context): Promise<RevokedApiKey> {
    const key = await ctx.keys.revoke(principalOf(ctx), keyId);
    return { keyId: key.id, status: 'revoked', revokedAt: key.revokedAt! };
  }

  @Authorized('admin')
  @Mutation(() => RotatedApiKey, { description: 'Issues a successor; the old key keeps working for 24 hours.' })
  async rotateApiKey(@Arg('keyId', () => ID, { description: 'The key to rotate (`key_…`), one of your account\'s.' }) keyId: string, @Ctx() ctx: Context): Promise<RotatedApiKey> {
    const { key, secret, previous } = await ctx.keys.rotate(principalOf(ctx), keyId);
    return Object.assign(new RotatedApiKey(), IssuedApiKey.of(key, secret), {
      previousKeyId: previous.id,
      previousKeyExpiresAt: previous.expiresAt!,
    });
  }
}
