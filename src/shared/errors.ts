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
