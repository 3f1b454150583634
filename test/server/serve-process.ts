import { spawn, type ChildProcess } from 'node:child_process';
import { root } from '../helpers/built-dist.js';
import { logLines, WARN, type LogLine } from '../helpers/log-lines.js';

export interface Served {
  url: string;
  child: ChildProcess;
  stderr(): string;
  /** Its stderr as log lines (JSON; a line that is not is kept as `{ raw }`). */
  log(): LogLine[];
  /** What it logged besides the access lines: warnings, errors and anything not JSON. */
  problems(): LogLine[];
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `node bin/jobindex.js serve … --port 0` and waits for the URL it prints. */
export function serve(...args: string[]): Promise<Served> {
  const child = spawn(process.execPath, ['bin/jobindex.js', 'serve', '--port', '0', ...args], { cwd: root });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL: ${out} ${err}`)), 20_000);
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /Listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: m[1]!,
        child,
        stderr: () => err,
        log: () => logLines(err),
        problems: () => logLines(err).filter((l) => l.raw !== undefined || (l.level ?? 0) >= WARN),
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    });
  });
}
