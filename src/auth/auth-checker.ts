import type { AuthChecker } from 'type-graphql';
import type { Context } from '../app/context';
import { DomainError } from '../shared/errors';
import { grants, type Scope } from './scopes';

/**
 * What a client token may ask (DESIGN, Front ends), field by field, and the scope each needs:
 * its session, its messages, its wallet's portfolio, prices, its transactions, and their
 * subscriptions. Every other guarded field is 403 for a token, whatever its scopes; which
 * session, wallet or transaction it reaches is checked where they are looked up
 * (`reachesSession`, `readableWallet`).
 */
const CLIENT_TOKEN_FIELDS: Readonly<Record<string, Scope>> = {
  'Query.session': 'read:messages',
  'Query.messages': 'read:messages',
  'Query.portfolio': 'read:portfolio',
  'Query.price': 'read:prices',
  'Query.prices': 'read:prices',
  'Query.transaction': 'read:messages',
  'Mutation.sendMessage': 'write:messages',
  'Mutation.submitTransaction': 'write:messages',
  'Mutation.refreshTransaction': 'write:messages',
  'Subscription.messageAdded': 'read:messages',
  'Subscription.transactionUpdated': 'read:messages',
  'Session.messages': 'read:messages',
  'Session.latestMessage': 'read:messages',
  'Session.portfolio': 'read:portfolio',
};

/**
 * Enforces `@Authorized(scope)` on GraphQL fields, so REST routes, which run the same fields,
 * inherit the same rules. `@Authorized()` without a scope admits any valid key. A client
 * token is held to CLIENT_TOKEN_FIELDS instead.
 */
export const authChecker: AuthChecker<Context, Scope> = ({ context, info }, required) => {
  const { principal } = context;
  if (!principal) throw new DomainError('unauthorized', 'Invalid or missing API key');
  if (principal.clientToken) {
    const field = `${info.parentType.name}.${info.fieldName}`;
    const needed = CLIENT_TOKEN_FIELDS[field];
    if (!needed) throw new DomainError('forbidden', `A client token cannot use ${field}: it acts on its own session only`, { details: { field } });
    required = [needed];
  }
  const missing = required.find((scope) => !grants(principal.scopes, scope));
  if (missing) {
    throw new DomainError('forbidden', `This key lacks the "${missing}" scope`, { details: { requiredScope: missing } });
  }
  return true;
};

/** The principal of a context whose field is behind `@Authorized`. */
export function principalOf(context: Context) {
  if (!context.principal) throw new DomainError('unauthorized', 'Invalid or missing API key');
  return context.principal;
}
