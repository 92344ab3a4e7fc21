import type { RequestHandler, Response } from 'express';
import type { Principal } from '../auth/principal';
import { randomBase62 } from '../shared/ids';
import type { Logger } from '../shared/logger';
import type { InFlightRequests } from './in-flight';
import type { Prometheus } from './prometheus';

/** What a request carries from one middleware to the next: its id, and its caller once authenticated. */
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
 * Every request's bookkeeping, in one middleware with one listener: its id, echoed in
 * `X-Request-Id` and in logs; its place among the requests in flight; and once answered, one
 * JSON log line (headers are not logged) and its metrics.
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
