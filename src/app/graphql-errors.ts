import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError, errorFields, invalidField } from '../shared/errors';

/**
 * Turns an error of a GraphQL execution into the domain error a client should see, or null
 * for a fault (which is logged and shown only as `internal_error`). Used by Apollo's
 * `formatError` and by the REST adapter, so both surfaces answer alike.
 */
export function toDomainError(error: GraphQLError): DomainError | null {
  const original = error.originalError;
  if (original instanceof DomainError) return original;
  // Errors without a path are about the request itself: syntax, validation against the
  // schema, or variables that do not fit their types. Those are the caller's to fix.
  if (!error.path) {
    const field = fieldOfRequestError(error.message);
    return field ? invalidField(field, describeInvalidField(field, error.message)) : new DomainError('validation_error', error.message);
  }
  return null;
}

/**
 * The one place GraphQL errors take their public shape, on /graphql (Apollo's `formatError`)
 * and the WebSocket alike: a DomainError keeps its code, message, field and details; request
 * errors become `validation_error`; anything else is masked as `internal_error` (its caller
 * logs it with the request id). `shown` is where the error points: its path and locations.
 */
export function formatGraphQLError(error: unknown, shown: Pick<GraphQLFormattedError, 'path' | 'locations'>): GraphQLFormattedError {
  const domain = error instanceof GraphQLError ? toDomainError(error) : null;
  if (!domain) return { message: 'Internal server error', path: shown.path, extensions: { code: 'internal_error' } };
  return { message: domain.message, locations: shown.locations, path: shown.path, extensions: errorFields(domain) };
}

/** A domain error as a GraphQL error, for answers refused before execution (the WebSocket's subscribe). */
export function domainGraphQLError(error: DomainError): GraphQLError {
  return new GraphQLError(error.message, { originalError: error, extensions: errorFields(error) });
}

/** A message about a field in words a REST client understands, without GraphQL's variable syntax. */
function describeInvalidField(field: string, message: string): string {
  if (/is not defined by type/.test(message)) return `Unknown field "${field}"`;
  if (/was not provided|not to be null/.test(message)) return `"${field}" is required`;
  const reason = /got invalid value .*?; (.*)$/s.exec(message)?.[1];
  return reason ? `Invalid "${field}": ${reason}` : message;
}

/**
 * The input field a variable error is about, as the client named it: graphql-js says
 * `Variable "$input" got invalid value 5 at "input.name"; …` or `… Field "name" of required
 * type "String!" was not provided.` The variable's own name is dropped when it wraps an input
 * object (REST sends its body as `$input`), and list indexes are dropped.
 */
export function fieldOfRequestError(message: string): string | undefined {
  const variable = /^Variable "\$([^"]+)"/.exec(message)?.[1];
  if (!variable) return undefined;
  const path = /got invalid value .* at "([^"]+)"/.exec(message)?.[1].split('.').slice(1) ?? [];
  const named = /Field "([^"]+)" (?:of required type|is not defined by type)/.exec(message)?.[1];
  if (named) path.push(named);
  const field = path.length ? path.join('.') : variable;
  return field.replace(/\[\d+\]/g, '');
}
