import { jsonLogger, type Logger } from '#service/logging/logger';

/** One JSON log line, as far as the tests read it (a line that is not JSON is kept as `{ raw }`). */
export interface LogLine {
  level?: number;
  msg?: string;
  reqId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  finished?: boolean;
  err?: { message: string; stack: string };
  raw?: string;
}

/** pino's numbers for `warn` and `error`. */
export const WARN = 40;
export const ERROR = 50;

export function logLines(text: string): LogLine[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l): LogLine => {
      try {
        return JSON.parse(l) as LogLine;
      } catch {
        return { raw: l };
      }
    });
}

/** A logger whose lines land in `lines`, parsed. */
export function capturedLog(): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return { log: jsonLogger('test', { to: { write: (s: string) => void lines.push(...logLines(s)) } }), lines };
}
