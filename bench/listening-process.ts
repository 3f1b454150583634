import { spawn, type ChildProcess } from 'node:child_process';
import { packageRoot } from '#service/paths';

/** Starts `node <args>` in the package root (a `jobindex serve`, say) and waits for the URL it prints. */
export function startListening(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { cwd: packageRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}`)));
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /Listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, child });
    });
  });
}
