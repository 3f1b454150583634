import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Paths of the package, whether run from electron/service/ (tests), dist/electron/service/ (built),
// dist/app/ (the desktop app's bundled main process) or dist/cli/ (the bundled CLI).
const here = fileURLToPath(new URL('.', import.meta.url));
export const packageRoot = here.replace(/[\\/](dist[\\/](app|cli)|(dist[\\/])?electron[\\/]service)[\\/]?$/, '');

/** The index shipped with the app, built by `npm run build:index`. */
export const bundledIndexPath = `${packageRoot}/resources/index.sqlite`;

/**
 * A worker thread's entry as tsc built it under dist/electron/service/ (the packaged app ships
 * dist/**; the bundles do not inline worker entries). Undefined when this code runs from its
 * TypeScript sources (tests: the built file could be older than them) or the entry is not built:
 * the caller then does the work on its own thread.
 */
export function builtWorker(...segments: string[]): string | undefined {
  if (import.meta.url.endsWith('.ts')) return undefined;
  const file = join(packageRoot, 'dist', 'electron', 'service', ...segments);
  return existsSync(file) ? file : undefined;
}
