// One logger for every process: pino, JSON lines. `jobindex serve` and the CLI write them to stderr
// (stdout carries the commands' answers); the desktop app to a rolling file (shell/app-log.ts).
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * A logger writing JSON lines to `to` (default: stderr, synchronously, so a line written just
 * before the process exits is not lost). `level`: the least severe line kept.
 */
export function jsonLogger(name: string, opts: { level?: LogLevel; to?: DestinationStream } = {}): Logger {
  return pino({ name, level: opts.level ?? 'info' }, opts.to ?? pino.destination({ fd: 2, sync: true }));
}
