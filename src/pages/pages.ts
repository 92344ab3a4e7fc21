import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import { projectRoot } from '../shared/paths';

const OWN_ASSETS = path.join(projectRoot, 'src', 'pages', 'assets');

/** The <parley-chat> widget, bundled by scripts/bundle-widget.js (npm start and jest run it first). */
const WIDGET_BUNDLE = path.join(projectRoot, 'dist', 'widget.js');

/**
 * dApp pages on any origin load the widget as a module script, which the browser fetches in
 * CORS mode: it is public code that carries no credential, so any origin may read it.
 */
const WIDGET_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * The browser assets of the pages, from installed packages, so both pages work offline.
 * npm installs direct dependencies at the top of node_modules; a missing file stops the start-up.
 */
const PACKAGE_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'swagger-ui-dist/swagger-ui.css',
  'swagger-ui-bundle.js': 'swagger-ui-dist/swagger-ui-bundle.js',
  'graphiql.min.css': 'graphiql/graphiql.min.css',
  'graphiql.min.js': 'graphiql/graphiql.min.js',
  'react.production.min.js': 'react/umd/react.production.min.js',
  'react-dom.production.min.js': 'react-dom/umd/react-dom.production.min.js',
  'uPlot.iife.min.js': 'uplot/dist/uPlot.iife.min.js',
  'uPlot.min.css': 'uplot/dist/uPlot.min.css',
  'graphql-ws.min.js': 'graphql-ws/umd/graphql-ws.min.js',
  'solana-web3.min.js': '@solana/web3.js/lib/index.iife.min.js',
};

/**
 * Security headers of the pages: scripts and styles from this origin only (no inline script),
 * requests only to this origin, never framed, no referrer.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Swagger UI and GraphiQL set style attributes at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // Served over plain HTTP locally; TLS termination in front of Parley decides HSTS.
  strictTransportSecurity: false,
});

/**
 * The API reference at GET /docs (Swagger UI over /v1/openapi.json), the developer dashboard at
 * GET /dashboard, the reference chat at GET /demo and the files of the pages under /assets. The
 * GraphQL playground itself is served by `playground` at GET /graphql, the widget by
 * `widgetScript` at GET /widget.js.
 */
export function pagesRouter(): Router {
  const router = express.Router();
  const files = {
    ...Object.fromEntries(Object.entries(PACKAGE_ASSETS).map(([name, file]) => [name, path.join(projectRoot, 'node_modules', file)])),
    ...Object.fromEntries(['docs.js', 'playground.js', 'dashboard.js', 'demo.js', 'pages.css'].map((name) => [name, path.join(OWN_ASSETS, name)])),
  };
  for (const file of Object.values(files)) if (!existsSync(file)) throw new Error(`Page asset missing: ${file} (run npm ci)`);

  router.get('/docs', securityHeaders, (_req, res) => res.sendFile(path.join(OWN_ASSETS, 'docs.html')));
  router.get('/dashboard', securityHeaders, (_req, res) => res.sendFile(path.join(OWN_ASSETS, 'dashboard.html')));
  router.get('/demo', securityHeaders, (_req, res) => res.sendFile(path.join(OWN_ASSETS, 'demo.html')));
  router.get('/assets/:name', securityHeaders, (req, res, next) => {
    const file = files[req.params.name];
    if (!file) return next();
    res.sendFile(file, { maxAge: '1h' });
  });
  return router;
}

/**
 * GET /widget.js, the <parley-chat> widget's bundle, the same for every origin. A missing bundle
 * stops the start-up.
 */
export function widgetScript(): RequestHandler {
  if (!existsSync(WIDGET_BUNDLE)) throw new Error(`The widget is not built: ${WIDGET_BUNDLE} is missing (run npm run build)`);
  // Not versioned in its URL: cached briefly, so a new release reaches pages within minutes.
  return (_req, res) => res.sendFile(WIDGET_BUNDLE, { maxAge: '5m', headers: WIDGET_HEADERS });
}

/**
 * GET /graphql from a browser (Accept names text/html, no `query`) gets the playground; any
 * other request goes on to the GraphQL server.
 */
export const playground: RequestHandler = (req, res, next) => {
  if (!wantsPage(req)) return next();
  securityHeaders(req, res, () => res.sendFile(path.join(OWN_ASSETS, 'playground.html')));
};

const wantsPage = (req: Request) => req.method === 'GET' && req.query.query === undefined && (req.get('accept') ?? '').includes('text/html');
