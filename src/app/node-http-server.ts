import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';

/**
 * The Node HTTP server of an express app, creating each request and response with the
 * prototypes express gives them (`app.request`, `app.response`), so that express's
 * `Object.setPrototypeOf` on every request changes nothing; with other prototypes V8 promotes
 * each request's objects to the old generation (why: bench/README.md#kept-speed-tricks).
 */
export function createHttpServer(app: Express): Server {
  return createServer(
    { IncomingMessage: withPrototype(IncomingMessage, app.request), ServerResponse: withPrototype(ServerResponse, app.response) },
    app,
  );
}

/**
 * A constructor of `Base`'s objects with `prototype` as theirs. Node's IncomingMessage and
 * ServerResponse are plain functions, so `Base` runs on the new object as a function.
 */
function withPrototype<C extends typeof IncomingMessage | typeof ServerResponse>(Base: C, prototype: object): C {
  const init = Base as unknown as (this: object, ...args: unknown[]) => void;
  function Constructor(this: object, ...args: unknown[]): void {
    init.apply(this, args);
  }
  Constructor.prototype = prototype;
  return Constructor as unknown as C;
}
