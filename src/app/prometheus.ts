import type { Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Observer } from '../shared/observer';

/**
 * The service's Prometheus metrics, served at GET /metrics (text exposition format, no key:
 * counts only, meant for the operator's scraper). One registry lives as long as the service.
 */
export class Prometheus implements Observer {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'parley_http_requests_total',
    help: 'HTTP requests answered, by route, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'parley_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  private readonly agent = new Counter({
    name: 'parley_agent_outcomes_total',
    help: 'Messages read by the agent, by intent action and outcome.',
    labelNames: ['intent', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly rejections = new Counter({
    name: 'parley_rate_limit_rejections_total',
    help: 'Requests and transactions refused by a limit, by error code.',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });

  private readonly dependencies = new Gauge({
    name: 'parley_dependency_up',
    help: 'Whether a dependency answers (1) or the service runs degraded without it (0): redis.',
    labelNames: ['dependency'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'parley_' });
  }

  agentOutcome(action: string, outcome: 'answered' | 'refused'): void {
    this.agent.inc({ intent: action, outcome });
  }

  dependencyUp(dependency: 'redis', up: boolean): void {
    this.dependencies.set({ dependency }, up ? 1 : 0);
  }

  rateLimited(code: 'rate_limit_exceeded' | 'transaction_limit_exceeded'): void {
    this.rejections.inc({ code });
  }

  /** Records an answered request; `route` is the matched pattern, never the raw path. */
  observeRequest(req: Request, res: Response, seconds: number): void {
    const labels = { route: routeOf(req), method: req.method, status: String(res.statusCode) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  handler(): RequestHandler {
    return async (_req, res) => {
      res.setHeader('Content-Type', this.registry.contentType);
      res.send(await this.registry.metrics());
    };
  }
}

/**
 * The route pattern (e.g. /v1/sessions/:id), so that ids do not multiply the series. A request
 * answered before or without a route (unknown path, malformed body) is `unmatched`: its raw
 * path would let any client create series without bound.
 */
function routeOf(req: Request): string {
  const pattern = (req.route as { path?: string } | undefined)?.path;
  if (pattern) return `${req.baseUrl}${pattern}`;
  return req.baseUrl || 'unmatched';
}
