/**
 * What the domain reports for operations monitoring. Services call it; the app's Prometheus
 * registry implements it (src/app/prometheus.ts), so services import no metrics library.
 */
export interface Observer {
  /** One message read by the agent: its intent's action, or `none` when it was refused. */
  agentOutcome(action: string, outcome: 'answered' | 'refused'): void;
  /** A request or a transaction refused by a limit. */
  rateLimited(code: 'rate_limit_exceeded' | 'transaction_limit_exceeded'): void;
}
