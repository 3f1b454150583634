#!/usr/bin/env node
// The CLI runs as a bundle, one chunk per command (dist/cli/, `npm run build`; issue 30,
// docs/decisions/cli-cold-start.md). When tsc has compiled since the bundle was made, or there is
// none, tsc's own output runs instead, so an edit compiled with tsc alone never runs stale.
import * as nodeModule from 'node:module';
import { statSync } from 'node:fs';

// Node ≥ 22.1 keeps V8's compiled code between runs (in NODE_COMPILE_CACHE, else the temp folder),
// as the desktop app does (main-bundle.md); on older Node the call is missing and nothing changes.
nodeModule.enableCompileCache?.();

const mtime = (p) => statSync(new URL(p, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
const bundle = mtime('../dist/cli/main.js');
await import(
  bundle > 0 && bundle >= mtime('../dist/electron/cli/main.js') ? '../dist/cli/main.js' : '../dist/electron/cli/main.js'
);
