import type { Response } from 'express';
import { locals, setErrorHeaders } from '../src/app/http';
import { errorFields, type DomainError } from '../src/shared/errors';

/** `meta` of every REST body (DESIGN, HTTP conventions). */
export function metaOf(requestId: string) {
  return { requestId, timestamp: new Date().toISOString() };
}

const meta = (res: Response) => metaOf(locals(res).requestId);

export function sendPayload(res: Response, status: number, payload: Record<string, unknown>): void {
  res.status(status).json({ ...payload, meta: meta(res) });
}

/** The REST error body: `{ error: { code, message, field?, details? }, meta }`. */
export function sendError(res: Response, error: DomainError): void {
  setErrorHeaders(res, error);
  res.status(error.status).json({ error: { ...errorFields(error), message: error.message }, meta: meta(res) });
}
