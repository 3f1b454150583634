import { spawn, type ChildProcess } from 'node:child_process';
import { packageRoot } from '#service/paths';

export interface Listening {
  url: string;
  child: ChildProcess;
  /** What it wrote to stderr so far ('' unless started with `stderr: 'keep'`). */
  stderr(): string;
  /** Sends a signal (SIGTERM unless told) and resolves with the exit code once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ListeningOptions {
  /** `keep` (default): collected for `stderr()`; `inherit`: this process's; a descriptor: written there. */
  stderr?: 'keep' | 'inherit' | number;
  /** How long it may take to print its URL. */
  timeoutMs?: number;
}

/**
 * Starts `node <args>` in the package root (a `jobindex serve`, say) and waits for the
 * `Listening on <url>` line it prints. Tests and benchmarks share it.
 */
export function startListening(args: string[], opts: ListeningOptions = {}): Promise<Listening> {
  const stderr = opts.stderr === undefined || opts.stderr === 'keep' ? 'pipe' : opts.stderr;
  const child: ChildProcess = spawn(process.execPath, args, { cwd: packageRoot, stdio: ['ignore', 'pipe', stderr] });
  let out = '';
  let err = '';
  if (stderr === 'pipe') child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${args.join(' ')} printed no URL: ${out} ${err}`)),
      opts.timeoutMs ?? 20_000,
    );
    const failed = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited ${code}: ${err}`));
    };
    child.once('exit', failed);
    const read = (d: Buffer) => {
      out += d.toString();
      const m = /Listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.off('exit', failed);
      // Keep draining what it prints after (so it never blocks on a full pipe), without keeping it.
      child.stdout!.off('data', read).resume();
      resolve({
        url: m[1]!,
        child,
        stderr: () => err,
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout!.on('data', read);
  });
}

/** `node bin/jobindex.js serve --port 0 …args`. */
export function startServe(args: string[], opts: ListeningOptions = {}): Promise<Listening> {
  return startListening(['bin/jobindex.js', 'serve', '--port', '0', ...args], opts);
}
