// The desktop app's entry (package.json "main" is its bundle, dist/app/start.js). It only turns
// on Node's compile cache, then loads the main process: the cache must be on before the code it
// caches is compiled, so the main process is a separate file imported after it. From the second
// launch on, V8 reuses the compiled bundle instead of compiling it again (docs/decisions/main-bundle.md).
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { app } from 'electron';
import { shippedIndexOf, singleInstanceLock, startEarlyWorker } from './early-worker.js';

/** `module.enableCompileCache` (Node ≥ 22.1, so Electron ≥ 32); this repo's Node 20 types lack it. */
type WithCompileCache = {
  enableCompileCache?: (dir?: string) => { status: number; message?: string; directory?: string };
};

// A failure (a read-only profile, say) only costs the speed-up: Node reports it, never throws.
const cache = (nodeModule as WithCompileCache).enableCompileCache?.(join(app.getPath('userData'), 'compile-cache'));
// The call covers this thread only; the service worker (its own bundle) inherits the cache
// through the environment a Worker copies from process.env when it starts.
if (cache?.directory) process.env.NODE_COMPILE_CACHE = cache.directory;
// The service worker first, so its boot overlaps loading main and waiting for `ready`; main adopts
// it (early-worker.ts). Not when another instance owns the files: main quits then.
if (singleInstanceLock(app))
  startEarlyWorker(new URL('./service-worker.js', import.meta.url), {
    userData: app.getPath('userData'),
    shippedIndex: shippedIndexOf(app),
  });
await import('./main.js');
