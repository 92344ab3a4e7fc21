import type { AuthChecker } from 'type-graphql';
import type { Context } from '../app/context';
import { DomainError } from '../shared/errors';
import { grants, type Scope } from './scopes';

/**
 * Enforces `@Authorized(scope)` on GraphQL fields, so REST routes, which run the same fields,
 * inherit the same rules. `@Authorized()` without a scope admits any valid key.
 */
export const authChecker: AuthChecker<Context, Scope> = ({ context }, required) => {
  const { principal } = context;
  if (!principal) throw new DomainError('unauthorized', 'Invalid or missing API key');
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
