/**
 * The one error type of the domain, and the one table from its codes to HTTP statuses.
 * GraphQL carries the code in `extensions.code`; REST in `error.code` with the status below.
 * Adding a code without a status is a compile error.
 */
export const HTTP_STATUS = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  origin_not_allowed: 403,
  not_found: 404,
  session_not_found: 404,
  token_not_found: 404,
  key_not_found: 404,
  transaction_not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  key_already_rotated: 409,
  transaction_expired: 409,
  transaction_not_refreshable: 409,
  payload_too_large: 413,
  headers_too_large: 431,
  unsupported_media_type: 415,
  parsing_error: 422,
  rate_limit_exceeded: 429,
  transaction_limit_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof HTTP_STATUS;

export const ERROR_CODES = Object.keys(HTTP_STATUS) as ErrorCode[];

export type ErrorDetails = Record<string, unknown>;

export interface DomainErrorOptions {
  /** The request field at fault, for validation errors (`error.field` in REST). */
  field?: string;
  details?: ErrorDetails;
  cause?: unknown;
}

export class DomainError extends Error {
  readonly field?: string;
  readonly details?: ErrorDetails;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'DomainError';
    this.field = options.field;
    this.details = options.details;
  }

  get status(): number {
    return HTTP_STATUS[this.code];
  }
}

/** A request field that failed validation: 400 `validation_error` naming the field. */
export function invalidField(field: string, message: string, details?: ErrorDetails): DomainError {
  return new DomainError('validation_error', message, { field, details });
}

/** What a client sees of an error beside its message: REST `error`, GraphQL `extensions`. */
export function errorFields(error: DomainError): { code: ErrorCode; field?: string; details?: ErrorDetails } {
  return {
    code: error.code,
    ...(error.field !== undefined && { field: error.field }),
    ...(error.details !== undefined && { details: error.details }),
  };
}

/** Seconds a client is asked to wait when a dependency is unreachable and says nothing of its own. */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

/** 503 `service_unavailable` with the retry hint every one carries (`Retry-After`, `details.retryAfter`). */
export function unavailable(message: string, options: { retryAfter?: number; cause?: unknown; details?: ErrorDetails } = {}): DomainError {
  return new DomainError('service_unavailable', message, {
    details: { ...options.details, retryAfter: Math.max(1, Math.ceil(options.retryAfter ?? UNAVAILABLE_RETRY_AFTER_S)) },
    cause: options.cause,
  });
}

// What Node, pg and knex say when the database cannot be reached or went away: socket errors,
// PostgreSQL's connection-exception class (08…), a server shutting down, starting up or out of
// connections (57P01–57P03, 53300), and the pool's timeout.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);
const UNREACHABLE_MESSAGES = /Connection terminated|Timeout acquiring a connection|Client has encountered a connection error|Connection is not queryable|terminating connection/i;

/**
 * The 503 for an error that means the database could not be reached (the service's other
 * dependencies throw DomainErrors of their own), or null. The one place such errors are told
 * from faults: REST, GraphQL and the WebSocket all ask it.
 */
export function fromUnreachable(error: unknown): DomainError | null {
  // Read by shape, not `instanceof Error`: Node's socket errors may come from another realm, and
  // one thrown as a plain object reaches here wrapped by graphql-js (`thrownValue` of its NonErrorThrown).
  let cause = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; thrownValue?: unknown } | null | undefined;
  for (let depth = 0; typeof cause === 'object' && cause !== null && depth < 5; cause = (cause.cause ?? cause.thrownValue) as typeof cause, depth++) {
    const code = String(cause.code ?? '');
    if (UNREACHABLE_CODES.has(code) || code.startsWith('08') || cause.name === 'KnexTimeoutError' || UNREACHABLE_MESSAGES.test(String(cause.message))) {
      return unavailable('The database is unreachable; retry shortly', { cause: error });
    }
  }
  return null;
}

/** Seconds an upstream's `Retry-After` header asks for (delta-seconds or an HTTP date), or undefined. */
export function retryAfterOf(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
}
