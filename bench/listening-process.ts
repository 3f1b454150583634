import { spawn, type ChildProcess } from 'node:child_process';
import { packageRoot } from '#service/paths';

/** Starts `node <args>` in the package root (a `jobindex serve`, say) and waits for the URL it prints. */
export function startListening(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { cwd: packageRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}`)));
    const read = (d: Buffer) => {
      out += d;
      const m = /Listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      // Keep draining what it prints after (so it never blocks on a full pipe), without keeping it.
      child.stdout!.off('data', read).resume();
      resolve({ url: m[1]!, child });
    };
    child.stdout!.on('data', read);
  });
}

/** Stops a process started above and resolves once it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
