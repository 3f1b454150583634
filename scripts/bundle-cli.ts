// `npm run build`, after tsc: bundles the `jobindex` CLI (tsc's output under dist/electron/) into
// dist/cli/, which bin/jobindex.js runs. One file per command instead of ~300 ES modules saves the
// module loader's resolving, reading and linking at every command (issue 30,
// docs/decisions/cli-cold-start.md). Each command stays a chunk of its own, loaded when it runs.
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { packageRoot } from '#service/paths';
import { bundleEntry } from './bundle-entry.js';

const electron = join(packageRoot, 'dist', 'electron');
const out = join(packageRoot, 'dist', 'cli');
// serve's read workers start from `./read-worker.js` beside the code that starts them; the
// crawler's workers run from dist/electron/ by their packageRoot paths, as before.
await bundleEntry(
  [join(electron, 'cli', 'main.js'), join(electron, 'server', 'read-worker.js')],
  out,
  ['better-sqlite3', 'zstd-napi'],
  (chunks) => {
    const rel = Object.fromEntries(
      Object.entries(chunks).map(([file, ids]) => [file, ids.map((id) => relative(packageRoot, id))]),
    );
    writeFileSync(join(out, 'modules.json'), `${JSON.stringify(rel, null, 1)}\n`);
  },
);
