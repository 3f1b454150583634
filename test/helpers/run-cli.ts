import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { root } from './built-dist.js';

const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node bin/jobindex.js …` from the package root, as a user would (call ensureBuilt()
 * first). `prefix` runs it through another command, e.g. `setpriv` to run as another user.
 */
export async function runCli(args: readonly string[], opts: { prefix?: readonly string[] } = {}): Promise<CliResult> {
  const [cmd, ...rest] = [...(opts.prefix ?? []), process.execPath, 'bin/jobindex.js', ...args];
  try {
    const r = await run(cmd!, rest, { cwd: root, maxBuffer: 32 << 20 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number | string; stdout?: string; stderr?: string };
    return {
      code: typeof err.code === 'number' ? err.code : -1,
      stdout: err.stdout ?? '',
      stderr: err.stderr ?? String(e),
    };
  }
}
