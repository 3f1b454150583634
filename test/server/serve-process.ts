import { startServe, type Listening } from '../helpers/listening-process.js';
import { logLines, WARN, type LogLine } from '../helpers/log-lines.js';

export interface Served extends Listening {
  /** Its stderr as log lines (JSON; a line that is not is kept as `{ raw }`). */
  log(): LogLine[];
  /** What it logged besides the access lines: warnings, errors and anything not JSON. */
  problems(): LogLine[];
}

/** Starts `node bin/jobindex.js serve … --port 0`, its stderr kept, and waits for the URL it prints. */
export async function serve(...args: string[]): Promise<Served> {
  const s = await startServe(args);
  return {
    ...s,
    log: () => logLines(s.stderr()),
    problems: () => logLines(s.stderr()).filter((l) => l.raw !== undefined || (l.level ?? 0) >= WARN),
  };
}
