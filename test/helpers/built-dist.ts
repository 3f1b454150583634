import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

function sourcesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts') && !d.name.endsWith('.d.ts'))
    .map((d) => join(d.parentPath, d.name));
}

/** dist/ is stale when any source the CLI is built from is newer than its compiled file. */
function staleSources(): string[] {
  return [...sourcesUnder(join(root, 'electron')), ...sourcesUnder(join(root, 'shared'))]
    .filter((src) => !relative(root, src).split(/[\\/]/).includes('shell'))
    .filter((src) => {
      const out = join(root, 'dist', relative(root, src)).replace(/\.ts$/, '.js');
      return !existsSync(out) || statSync(out).mtimeMs < statSync(src).mtimeMs;
    });
}

/** Builds dist/ if stale, so tests run `bin/jobindex.js` as a user would. */
export async function ensureBuilt(): Promise<void> {
  if (staleSources().length === 0) return;
  // tsc emits even when some unrelated file has a type error; only a missing build fails here.
  const r = await run('npm', ['run', 'build'], { cwd: root, maxBuffer: 32 << 20 }).catch((e: { stdout?: string }) => e);
  const still = staleSources();
  if (still.length > 0)
    throw new Error(`npm run build left dist/ stale (${still.slice(0, 3).join(', ')}): ${String(r.stdout ?? '')}`);
}
