import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Failure } from './reports.js';

const CHILD = fileURLToPath(new URL('./child.js', import.meta.url));

export interface ChildLimits {
  heapMiB: number;
  timeoutMs: number;
}

/**
 * Runs child.js in a fresh Node process (so no engine shares memory with another) and returns its
 * JSON report, or why it has none: out of memory, over time, or an error (last stderr lines).
 */
export function runChild<T>(args: string[], limits: ChildLimits): Promise<T | Failure> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${limits.heapMiB}`, CHILD, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let timedOut = false;
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => {
      err += b.toString();
      process.stderr.write(b);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').at(-1);
      if (code === 0 && line) return resolve(JSON.parse(line) as T);
      const minutes = (limits.timeoutMs / 60000).toFixed(0);
      const progress = err.match(/indexed [\d,]+ at \d+ s, RSS [\d.]+ GiB/g)?.at(-1);
      if (timedOut) return resolve({ error: `not done in ${minutes} min${progress ? ` (${progress})` : ''}` });
      if (/heap out of memory|Invalid string length|Array buffer allocation failed/i.test(err)) {
        const what = err.match(/heap out of memory|Invalid string length|Array buffer allocation failed/i)![0];
        return resolve({ error: `${what} (heap cap ${(limits.heapMiB / 1024).toFixed(0)} GiB${progress ? `; ${progress}` : ''})` });
      }
      const last = err.trim().split('\n').filter(Boolean).slice(-3).join(' / ');
      resolve({ error: `exit ${code ?? signal}: ${last.slice(0, 300)}` });
    });
  });
}

export function failed(r: object): r is Failure {
  return 'error' in r;
}
