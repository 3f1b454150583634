// `npm run build`, after tsc: bundles the desktop app's main process (tsc's output under
// dist/electron/) into dist/app/, package.json's "main". One file per entry instead of ~300 ES
// modules saves the module loader's resolving, reading and linking at every launch
// (docs/decisions/main-bundle.md). `electron` is the runtime's own module; better-sqlite3 is native.
import { join } from 'node:path';
import { packageRoot } from '../electron/paths.js';
import { bundleEntry } from './bundle-entry.js';

await bundleEntry(join(packageRoot, 'dist', 'electron', 'main', 'start.js'), join(packageRoot, 'dist', 'app'), ['electron', 'better-sqlite3']);
