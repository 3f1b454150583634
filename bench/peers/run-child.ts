import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Failure } from './reports.js';

const CHILD = fileURLToPath(new URL('./child.js', import.meta.url));
/** child.ts's progress lines ("indexed 600,000 at 551 s, RSS 7.0 GiB", "saving at …"). */
const PROGRESS = /^[^\n]* at \d+ s, RSS [\d.]+ GiB$/gm;
const OUT_OF_MEMORY = /heap out of memory|Invalid string length|Array buffer allocation failed/i;

export interface ChildLimits {
  heapMiB: number;
  timeoutMs: number;
}

/**
 * Runs child.js in a fresh Node process (so no engine shares memory with another) and returns its
 * JSON report, or why it has none: out of memory, over time, or an error (last stderr lines).
 */
export function runChild<T>(args: string[], limits: ChildLimits, script = CHILD): Promise<T | Failure> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${limits.heapMiB}`, script, ...args], {
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
      const progress = err.match(PROGRESS)?.at(-1);
      const fail = (error: string) => resolve(progress ? { error, progress } : { error });
      const where = progress ? `; ${progress}` : '';
      if (timedOut) return fail(`not done in ${minutes} min${progress ? ` (${progress})` : ''}`);
      const heap = `heap cap ${(limits.heapMiB / 1024).toFixed(1)} GiB`;
      if (OUT_OF_MEMORY.test(err)) return fail(`${err.match(OUT_OF_MEMORY)![0]} (${heap}${where})`);
      // Seen with FlexSearch's export at 1M: a failed V8 check inside JSON.stringify aborts Node
      // instead of throwing (its 1M title chunk was already 366 MB; the description chunk is larger).
      if (/has_pending_exception/.test(err) && /JsonStringify/.test(err)) {
        return fail(
          `JSON.stringify aborted Node (a failed V8 check; most likely a chunk past V8's ~512 MiB string limit${where})`,
        );
      }
      // SIGKILL without our timer: the kernel's out-of-memory killer.
      if (signal === 'SIGKILL') return fail(`killed by the system, out of memory (${heap}${where})`);
      const last = err.trim().split('\n').filter(Boolean).slice(-3).join(' / ');
      fail(`exit ${code ?? signal}: ${last.slice(0, 300)}`);
    });
  });
}

export function failed(r: object): r is Failure {
  return 'error' in r;
}
