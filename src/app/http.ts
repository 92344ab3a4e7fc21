import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Principal } from '../auth/principal';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { KeyService, parsePresentedKey } from '../keys/key.service';
import { DomainError } from '../shared/errors';
import { randomBase62 } from '../shared/ids';
import type { Logger } from '../shared/logger';
import type { AppDeps } from './context';
import type { InFlightRequests } from './in-flight';
import type { Prometheus } from './prometheus';

/**
 * Express middleware shared by /graphql and /v1: request ids, the access log, and the one
 * authentication and metering path every API request goes through.
 */

export interface RequestLocals {
  requestId: string;
  principal: Principal | null;
}

export function locals(res: Response): RequestLocals {
  return res.locals as RequestLocals;
}

/** A request id: `req_<16 base62>`. */
export const newRequestId = () => `req_${randomBase62(16)}`;

/**
 * Every request's bookkeeping, in one middleware with one listener (each layer and listener
 * costs microseconds per request): its id, echoed in `X-Request-Id` and in logs; its place
 * among the requests in flight; and once answered, one JSON log line (headers are not logged)
 * and its metrics.
 */
export function trackRequests(logger: Logger, metrics: Prometheus, inFlight: InFlightRequests): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = newRequestId();
    locals(res).requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    inFlight.started();
    res.on('close', () => {
      inFlight.closed(res);
      // Its client went away before the answer was out: nothing was answered to log.
      if (!res.writableFinished) return;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      metrics.observeRequest(req, res, durationMs / 1000);
      logger.info(
        {
          requestId,
          method: req.method,
          // The whole path: inside a mounted app (/graphql) req.path is relative to the mount.
          path: withoutQuery(req.originalUrl),
          status: res.statusCode,
          durationMs: Math.round(durationMs * 100) / 100,
          accountId: locals(res).principal?.accountId,
        },
        'request',
      );
    });
    next();
  };
}

const withoutQuery = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * `res.json` of this app: the body as UTF-8 JSON in one write, Content-Length by Node. Express's
 * own goes through `res.send`, whose ETag, freshness and charset work an API never uses (ETags
 * are off): GET /v1/prices/SOL went from 208 to 179 µs of CPU (bench/http.js). A Content-Type
 * set before (an error of GraphQL's) is kept.
 */
export function sendJson(this: Response, body: unknown): Response {
  if (!this.hasHeader('Content-Type')) this.setHeader('Content-Type', 'application/json; charset=utf-8');
  this.end(JSON.stringify(body));
  return this;
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Resolves the Authorization header to a principal and takes the request from the caller's
 * rate limits, setting the X-RateLimit-* headers. Without the header the request goes on
 * anonymously: every data field then answers 401, so the rule lives in one place (the
 * GraphQL auth checker) for REST and GraphQL alike. A header that is present but does not
 * hold a usable key is refused here.
 */
export function authenticate(deps: AppDeps): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    locals(res).principal = null;
    const header = req.get('authorization');
    if (header === undefined) return next();
    const secret = BEARER.exec(header)?.[1];
    if (!secret) throw new DomainError('unauthorized', 'Authorization must be "Bearer <API key>"');
    // A key verified in the last few seconds costs no database work (and no EntityManager).
    const parsed = parsePresentedKey(secret);
    const principal = await deps.principals.resolve(parsed.hash, () => new KeyService(deps.orm.em.fork(), deps.clock).verify(parsed));
    locals(res).principal = principal;
    try {
      const allowance = await deps.meter.admitRequest(principal, deps.clock.now());
      setRateLimitHeaders(res, allowance.limit, allowance.remaining, allowance.resetAt);
    } catch (error) {
      if (error instanceof DomainError && error.details) {
        const { limit, resetAt } = error.details as { limit: number; resetAt: number };
        setRateLimitHeaders(res, limit, 0, resetAt);
      }
      throw error;
    }
    next();
  };
}

function setRateLimitHeaders(res: Response, limit: number, remaining: number, resetAt: number): void {
  res.setHeader('X-RateLimit-Limit', String(limit));
  res.setHeader('X-RateLimit-Remaining', String(remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(resetAt)));
}

/** Request bodies above this are refused with 413 (DESIGN, HTTP conventions). */
const BODY_LIMIT = '64kb';
const parseJson = express.json({ limit: BODY_LIMIT });

/**
 * The JSON body parser, and the refusal of text PostgreSQL cannot hold, anywhere in the URL or
 * the body: NUL characters, and lone surrogates (\uD800–\uDFFF without their pair, which JSON
 * escapes can carry). They would otherwise fail deep inside a query instead of as the caller's
 * error, and with it the concurrent requests whose reads share that statement
 * (`coalescingLoader`). A request without a body (every GET) skips the parser. It is a step of
 * the routes that read requests (the REST routes, /graphql), not of the whole app: each layer
 * of the app's own costs every request microseconds (10% of a price request for this one).
 */
export const jsonBody: RequestHandler = (req, res, next) => {
  if (req.originalUrl.includes('%00')) throw nulRefused();
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return next();
  parseJson(req, res, (error?: unknown) => {
    // This callback runs from the body stream, outside express's handling: nothing may throw here.
    if (error) return next(error);
    let refusal: DomainError | undefined;
    try {
      refusal = unstorableText(req.body);
    } catch (fault) {
      return next(fault);
    }
    next(refusal);
  });
};

/** How deep arrays and objects may nest in a request body: no API input is deeper than a few levels. */
export const MAX_BODY_DEPTH = 32;

const nulRefused = () => new DomainError('validation_error', 'Text must not contain NUL (\\u0000) characters');

// With the u flag a well-formed pair is one code point, so only a lone surrogate matches.
const LONE_SURROGATE = /\p{Cs}/u;

function textRefusal(text: string): DomainError | undefined {
  if (text.includes('\0')) return nulRefused();
  if (LONE_SURROGATE.test(text)) return new DomainError('validation_error', 'Text must be valid Unicode: lone surrogates (\\uD800 to \\uDFFF) are not');
  return undefined;
}

/**
 * The refusal of a body nested deeper than MAX_BODY_DEPTH, or of the first string (value or
 * key) in it that PostgreSQL cannot store, if any. Iterative: a body of any shape costs no stack.
 */
function unstorableText(body: unknown): DomainError | undefined {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      const refusal = textRefusal(value);
      if (refusal) return refusal;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) {
      return new DomainError('validation_error', `The request body nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels`, { field: 'body' });
    }
    for (const key in value) {
      const refusal = textRefusal(key);
      if (refusal) return refusal;
      pending.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return undefined;
}

/** Headers that go with an error status: the auth challenge and the retry hint. */
export function setErrorHeaders(res: Response, error: DomainError): void {
  if (error.code === 'unauthorized') res.setHeader('WWW-Authenticate', 'Bearer realm="parley"');
  const retryAfter = error.details?.retryAfter;
  if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
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
 * Normalises what express and body-parser throw for malformed requests into domain errors.
 * Null for anything else, which is a fault.
 */
export function fromHttpError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
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
      if (error instanceof URIError || (error as { status?: number } | null)?.status === 400) {
        return new DomainError('validation_error', 'The request path is not validly percent-encoded', { field: 'path' });
      }
      return null;
  }
}

/**
 * Honours `Idempotency-Key` on a REST route (after `authenticate`). The first request runs
 * and its response is stored before it is sent, so a retry can never overtake it; a retry
 * gets the stored response with `Idempotent-Replayed: true`. Server faults (5xx) are not
 * stored, so that the request can be retried.
 */
export function idempotency(deps: AppDeps): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = req.get('idempotency-key');
    const principal = locals(res).principal;
    if (key === undefined || !principal) return next();
    const service = new IdempotencyService(deps.orm.em.fork(), deps.clock);
    const start = await service.start(principal.accountId, key, { method: req.method, path: req.path, body: req.body ?? null });
    if (start.kind === 'replay') {
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(start.status).json(start.body);
      return;
    }
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      const stored = res.statusCode >= 500 ? service.release(principal.accountId, key) : service.finish(principal.accountId, key, res.statusCode, body);
      stored.then(
        () => send(body),
        (error: unknown) => {
          res.statusCode = 500;
          next(error);
        },
      );
      return res;
    };
    next();
  };
}
