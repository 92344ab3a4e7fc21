import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The service's JSON logger. Created once in `main` (or per test app) and passed down.
 * Credentials are redacted wherever they could appear, so a key never reaches a log line.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'apiKey', 'key', '*.key', '*.apiKey'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
