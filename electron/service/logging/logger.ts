// One logger for every process: pino, JSON lines. `jobindex serve` and the CLI write them to stderr
// (stdout carries the commands' answers); the desktop app to a rolling file (shell/app-log.ts).
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * A logger writing JSON lines to `to` (default: stderr). `level`: the least severe line kept.
 * Stderr is written asynchronously: one access line per request written synchronously cost
 * serve a large share of its throughput (docs/decisions/logging.md). pino flushes what is still
 * buffered synchronously when the process exits (process.exit or an uncaught exception), so the
 * last lines, a 500's stack among them, are not lost (test/service/logging/stderr-flush.test.ts).
 */
export function jsonLogger(name: string, opts: { level?: LogLevel; to?: DestinationStream } = {}): Logger {
  return pino({ name, level: opts.level ?? 'info' }, opts.to ?? pino.destination({ fd: 2, sync: false }));
}
