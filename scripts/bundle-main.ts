// `npm run build`, after tsc: bundles the desktop app's main process (tsc's output under
// dist/electron/) into dist/app/, package.json's "main". One file per entry instead of ~300 ES
// modules saves the module loader's resolving, reading and linking at every launch
// (docs/decisions/main-bundle.md). `electron` is the runtime's own module; better-sqlite3 and zstd-napi are native.
import { join } from 'node:path';
import { packageRoot } from '#service/paths';
import { bundleEntry } from './bundle-entry.js';

// The service worker's entry is bundled beside it: main starts it from dist/app/service-worker.js.
const electron = join(packageRoot, 'dist', 'electron');
await bundleEntry(
  [join(electron, 'shell', 'start.js'), join(electron, 'worker', 'service-worker.js')],
  join(packageRoot, 'dist', 'app'),
  ['electron', 'better-sqlite3', 'zstd-napi'],
);
