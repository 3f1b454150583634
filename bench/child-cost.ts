// A bench's child process with what it cost: its CPU seconds and peak RSS, read by `/usr/bin/time`
// (GNU time) when it is installed, so a load client's own cost is printed beside its figures.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface ChildCost {
  /** User + system CPU seconds of the child (undefined without /usr/bin/time). */
  cpuS?: number;
  /** Its peak resident set, MB. */
  maxRssMb?: number;
}

const TIME = '/usr/bin/time';

export async function timedChild(cmd: string, args: string[]): Promise<{ stdout: string; cost: ChildCost }> {
  const run = promisify(execFile);
  if (!existsSync(TIME)) return { stdout: (await run(cmd, args, { maxBuffer: 1 << 24 })).stdout, cost: {} };
  const dir = mkdtempSync(join(tmpdir(), 'cost-'));
  try {
    const out = join(dir, 'time');
    const { stdout } = await run(TIME, ['-f', '%U %S %M', '-o', out, cmd, ...args], { maxBuffer: 1 << 24 });
    const [user, sys, rssKb] = readFileSync(out, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
    return { stdout, cost: { cpuS: user! + sys!, maxRssMb: Math.round(rssKb! / 1024) } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A process's CPU seconds so far, threads included (Linux /proc; undefined elsewhere). */
export function processCpuS(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return undefined;
  }
}
