import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { DomainError } from '../shared/errors';
import type { Admission } from './admission';
import type { AppDeps } from './context';
import { locals } from './request-tracking';

/**
 * The steps an API request (/graphql, /v1) goes through before its operation: the JSON body,
 * the key and its rate limit, and on REST routes that honour it, `Idempotency-Key`.
 */

/**
 * Resolves the Authorization header to a principal and takes the request from the caller's
 * rate limits, setting the X-RateLimit-* headers, through the one way in (`Admission`, which
 * the WebSocket uses too). Without the header the request goes on anonymously: every data
 * field then answers 401, so the rule lives in one place (the GraphQL auth checker) for REST
 * and GraphQL alike. A header that is present but does not hold a usable credential is refused here.
 */
export function authenticate(admission: Admission): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    locals(res).principal = null;
    const credential = admission.credential(req.get('authorization'));
    if (!credential) return next();
    const principal = await admission.principal(credential, req.get('origin'));
    locals(res).principal = principal;
    try {
      const allowance = await admission.admit(principal);
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
 * No cache, shared or the browser's, may keep an answer of a route that takes a key: each is
 * one account's data (a new key's secret, a portfolio) or about one request. First of those
 * routes' steps, so their errors and idempotent replays carry it too; GraphQL's own answers
 * say the same (apollo-hooks.ts).
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * The JSON body parser, and the refusal of text PostgreSQL cannot hold, anywhere in the URL or
 * the body: NUL characters, and lone surrogates (\uD800–\uDFFF without their pair, which JSON
 * escapes can carry). They would otherwise fail deep inside a query instead of as the caller's
 * error, and with it the concurrent requests whose reads share that statement
 * (`BatchedStatement`). It is a step of the routes that read requests (the REST routes,
 * /graphql), not of the whole app.
 */
export const jsonBody: RequestHandler = (req, res, next) => {
  if (req.originalUrl.includes('%00')) throw nulRefused();
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
    // A client token's requests are its session's: its key replays only what that session stored
    // (another caller's same key answers idempotency_conflict, never the stored answer).
    const caller = principal.clientToken && { session: principal.clientToken.sessionId };
    const start = await service.start(principal.accountId, key, { method: req.method, path: req.path, body: req.body ?? null, ...caller });
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
          // The error's own answer (a 503 when the database went away) is sent as it is, not stored.
          res.json = send;
          next(error);
        },
      );
      return res;
    };
    next();
  };
}
