import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { DomainError, errorFields, fromUnreachable, HTTP_STATUS } from '../shared/errors';
import type { Logger } from '../shared/logger';
import { locals, newRequestId } from './request-tracking';

/**
 * The REST shape of every answer that is not GraphQL's (DESIGN, HTTP conventions): the /v1
 * routes, /health, /ready, unknown routes, and requests refused before express sees them.
 */

/** `meta` of every REST body. */
export function metaOf(requestId: string) {
  return { requestId, timestamp: new Date().toISOString() };
}

const meta = (res: Response) => metaOf(locals(res).requestId);

/** The REST error body: `{ error: { code, message, field?, details? }, meta }`. */
const errorBody = (error: DomainError, requestId: string) => ({ error: { ...errorFields(error), message: error.message }, meta: metaOf(requestId) });

export function sendPayload(res: Response, status: number, payload: Record<string, unknown>): void {
  res.status(status).json({ ...payload, meta: meta(res) });
}

export function sendError(res: Response, error: DomainError): void {
  setErrorHeaders(res, error);
  res.status(error.status).json(errorBody(error, locals(res).requestId));
}

/** Headers that go with an error status: the auth challenge and the retry hint. */
export function setErrorHeaders(res: Response, error: DomainError): void {
  if (error.code === 'unauthorized') res.setHeader('WWW-Authenticate', 'Bearer realm="parley"');
  const retryAfter = error.details?.retryAfter;
  if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
}

/**
 * An error answered on a bare socket, before (or instead of) express: a request Node's HTTP
 * parser refused, a refused WebSocket upgrade. Same body and headers as `sendError`; the
 * connection is closed.
 */
export function endWithError(socket: Duplex, error: DomainError): void {
  const requestId = newRequestId();
  const body = JSON.stringify(errorBody(error, requestId));
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * The error a client is shown for anything thrown while answering: a known one as it is,
 * anything else logged with the request id and masked as `internal_error`.
 */
export function toClientError(error: unknown, logger: Logger, res: Response): DomainError {
  const domain = fromHttpError(error);
  if (domain) return domain;
  logger.error({ err: error, requestId: locals(res).requestId }, 'unhandled error');
  return new DomainError('internal_error', 'Internal server error');
}

/**
 * Normalises what express and body-parser throw for malformed requests, and a database out of
 * reach, into domain errors. Null for anything else, which is a fault.
 */
function fromHttpError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  const unreachable = fromUnreachable(error);
  if (unreachable) return unreachable;
  const type = (error as { type?: string } | null)?.type;
  switch (type) {
    case 'entity.parse.failed':
      return new DomainError('validation_error', 'The request body is not valid JSON', { field: 'body' });
    case 'entity.too.large':
      return new DomainError('payload_too_large', 'The request body is larger than 64 KiB');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new DomainError('unsupported_media_type', 'The request body must be UTF-8 JSON');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new DomainError('validation_error', 'The request body could not be read', { field: 'body' });
    default:
      // Express could not percent-decode a path parameter (invalid UTF-8, a lone "%").
      if (error instanceof URIError || (error as { status?: number } | null)?.status === HTTP_STATUS.validation_error) {
        return new DomainError('validation_error', 'The request path is not validly percent-encoded', { field: 'path' });
      }
      return null;
  }
}
