import { spawn, type ChildProcess } from 'node:child_process';
import { root } from '../helpers/built-dist.js';

export interface Served {
  url: string;
  child: ChildProcess;
  stderr(): string;
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
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    });
  });
}
