/**
 * A dependency the service cannot start without is unreachable: `main` prints the message alone,
 * on one line (what and where, never a password), and exits 1.
 */
export class StartupError extends Error {
  constructor(message: string, cause?: unknown) {
    const reason = (cause as { code?: unknown; message?: unknown } | undefined)?.code ?? (cause as { message?: unknown } | undefined)?.message;
    super(reason ? `${message} (${String(reason)})` : message, { cause });
    this.name = 'StartupError';
  }
}

/** `host:port` of a service URL: where it was looked for, without its user or password. */
export function whereOf(url: string): string {
  const { hostname, port, protocol } = new URL(url);
  return `${hostname}:${port || DEFAULT_PORTS[protocol]}`;
}

const DEFAULT_PORTS: Record<string, number> = { 'redis:': 6379, 'rediss:': 6379, 'postgres:': 5432, 'postgresql:': 5432, 'http:': 80, 'https:': 443 };
