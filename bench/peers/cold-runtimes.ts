// npm run bench:peers:runtimes — our cold start (process start → first answer) on two runtimes:
// Node 20 (this machine's) and Node 24.11 (the Node inside Electron 40, the desktop app's runtime).
// First the child of `bench:peers` (our engine alone), on tsc's output (one ES module per source
// file) and on a rolldown bundle, Node 24 with its compile cache on; then the desktop app's main
// process as shipped (app-child.ts: its bundle, dist/app, which turns the compile cache on itself,
// with Electron's API stubbed), answering its first List over its IPC channel. Node 24 is fetched
// from the npm registry (node-<os>-<arch>); better-sqlite3 is rebuilt for it with npm's node-gyp
// against that package's headers. Everything lands in bench/.data/runtimes. BENCH_COLD_JOBS picks
// the index (default 100k), BENCH_COLD_RUNS the rounds (default 9), the variants interleaved in
// each; medians.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { setMeta } from '#service/index-db/meta';
import { openIndex } from '#service/index-db/open-index';
import { packageRoot } from '#service/paths';
import { bundleEntry } from '../../scripts/bundle-entry.js';
import { median } from '../bench-index.js';
import { currentBenchIndex } from './bench-file.js';

const NODE24 = '24.11.1';
/** The generated index it answers from (BENCH_COLD_JOBS; generated when missing: ~35 s at 100k, ~25 min at 1M). */
const JOBS = Number(process.env.BENCH_COLD_JOBS ?? 100_000);
const rounds = Number(process.env.BENCH_COLD_RUNS ?? 9);
const dir = join(packageRoot, 'bench', '.data', 'runtimes');
const node24Dir = join(dir, `node-${NODE24}`);
const node24 = join(node24Dir, 'bin', 'node');
const sqlite24 = join(dir, `better-sqlite3-node-${NODE24}`);
const app20 = join(dir, 'app-node20');
const app24 = join(dir, 'app-node24');
const childJs = join('dist', 'bench', 'peers', 'child.js');
const say = (s: string) => process.stderr.write(`${s}\n`);

function fetchNode24(): void {
  if (existsSync(node24)) return;
  if (process.platform !== 'linux' && process.platform !== 'darwin')
    throw new Error(`no Node ${NODE24} package for ${process.platform} here`);
  mkdirSync(dir, { recursive: true });
  say(`fetching Node ${NODE24} from the npm registry…`);
  const pkg = `node-${process.platform}-${process.arch}@${NODE24}`;
  const tgz = execFileSync('npm', ['pack', pkg, '--pack-destination', dir], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .at(-1)!;
  execFileSync('tar', ['xzf', join(dir, tgz), '-C', dir]);
  renameSync(join(dir, 'package'), node24Dir);
  rmSync(join(dir, tgz));
}

/** better-sqlite3 built for Node 24's ABI (~2 min once), from this checkout's copy of its source. */
function buildSqliteFor24(): void {
  if (existsSync(join(sqlite24, 'build', 'Release', 'better_sqlite3.node'))) return;
  say('building better-sqlite3 for Node 24…');
  rmSync(sqlite24, { recursive: true, force: true });
  cpSync(join(packageRoot, 'node_modules', 'better-sqlite3'), sqlite24, { recursive: true });
  rmSync(join(sqlite24, 'build'), { recursive: true, force: true });
  // npm ships node-gyp; npm_execpath is npm-cli.js when run through `npm run`.
  const npmDir = process.env.npm_execpath
    ? dirname(dirname(process.env.npm_execpath))
    : join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm');
  const gyp = join(npmDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  // npm passes its own `nodedir` setting down as npm_config_nodedir, which node-gyp prefers to the
  // flag: without this a machine whose npm sets it (to Node 20's headers) builds for the wrong ABI.
  const env = { ...process.env, npm_config_nodedir: node24Dir };
  execFileSync(node24, [gyp, 'rebuild', '--release', `--nodedir=${node24Dir}`, '-j', '2'], {
    cwd: sqlite24,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/**
 * A copy of this checkout's build at `app` that resolves better-sqlite3 to `sqlite` (a build for
 * the runtime that will run it) and `electron` to test/helpers/fake-electron.ts, every other
 * package to this checkout's node_modules. Its shipped index is aged (built at the epoch), so the
 * app keeps the bench index it finds in its user-data folder, as it keeps an index synced since.
 */
function makeApp(app: string, sqlite: string): void {
  rmSync(app, { recursive: true, force: true });
  mkdirSync(join(app, 'node_modules', 'electron'), { recursive: true });
  cpSync(join(packageRoot, 'dist'), join(app, 'dist'), { recursive: true });
  cpSync(join(packageRoot, 'package.json'), join(app, 'package.json'));
  for (const name of readdirSync(join(packageRoot, 'node_modules'))) {
    if (name !== 'better-sqlite3' && name !== 'electron')
      symlinkSync(join(packageRoot, 'node_modules', name), join(app, 'node_modules', name));
  }
  cpSync(sqlite, join(app, 'node_modules', 'better-sqlite3'), { recursive: true });
  const fake = join(app, 'node_modules', 'electron');
  writeFileSync(
    join(fake, 'package.json'),
    JSON.stringify({ name: 'electron', type: 'module', exports: './index.js' }),
  );
  writeFileSync(join(fake, 'index.js'), "export * from '../../dist/test/helpers/fake-electron.js';\n");
  mkdirSync(join(app, 'resources'));
  cpSync(join(packageRoot, 'resources', 'index.sqlite'), join(app, 'resources', 'index.sqlite'));
  const aged = openIndex(join(app, 'resources', 'index.sqlite'));
  for (const key of ['built_at', 'last_sync_at'] as const) setMeta(aged, key, '0');
  aged.close();
}

/**
 * The bundle of `bench:peers`' child for `root`: one file up to the engine, and one chunk per
 * engine (each engine is imported only when chosen, as in tsc's output).
 */
const bundleChild = (root: string, outDir: string) =>
  bundleEntry(join(root, childJs), outDir, ['better-sqlite3', 'minisearch', 'flexsearch', '@orama/orama']);

/** A user-data folder whose index is the bench index, as if synced to it. */
function userDataWith(index: string, name: string): string {
  const folder = join(dir, name);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder);
  symlinkSync(index, join(folder, 'index.sqlite'));
  return folder;
}

/** Process start → first answer, in ms, from one fresh process. */
function coldStartMs(v: Variant): number {
  const out = execFileSync(v.node, v.args, { encoding: 'utf8', env: { ...process.env, ...v.env } });
  return (JSON.parse(out) as { coldStartMs: number }).coldStartMs;
}

interface Variant {
  name: string;
  node: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

fetchNode24();
buildSqliteFor24();
makeApp(app20, join(packageRoot, 'node_modules', 'better-sqlite3'));
makeApp(app24, sqlite24);
const index = currentBenchIndex(JOBS);
const child = (script: string) => [script, 'cold', 'sqlite', String(JOBS), index];
const appChild = join(packageRoot, 'dist', 'bench', 'peers', 'app-child.js');
// Node 24's compile cache keeps compiled code between runs, as the app's does across launches;
// the first (warm-up) round fills it (and the app's user file) and is not counted. The app turns
// its cache on itself, in its user-data folder.
const cache = { NODE_COMPILE_CACHE: join(dir, 'compile-cache') };
const variants: Variant[] = [
  {
    name: `Node ${process.versions.node}, tsc output`,
    node: process.execPath,
    args: child(join(packageRoot, childJs)),
  },
  {
    name: `Node ${process.versions.node}, bundled`,
    node: process.execPath,
    args: child(await bundleChild(packageRoot, join(dir, 'bundle-node20'))),
  },
  { name: `Node ${NODE24} + compile cache, tsc output`, node: node24, args: child(join(app24, childJs)), env: cache },
  {
    name: `Node ${NODE24} + compile cache, bundled`,
    node: node24,
    args: child(await bundleChild(app24, join(app24, 'bundle'))),
    env: cache,
  },
  {
    name: `the app's main process on Node ${process.versions.node} (no compile cache)`,
    node: process.execPath,
    args: [appChild, app20],
    env: { JOBINDEX_FAKE_USER_DATA: userDataWith(index, 'user-data-node20') },
  },
  {
    name: `the app's main process on Node ${NODE24} + its compile cache`,
    node: node24,
    args: [appChild, app24],
    env: { JOBINDEX_FAKE_USER_DATA: userDataWith(index, 'user-data-node24') },
  },
];
const times = variants.map(() => [] as number[]);
const loads: number[] = [];
for (let round = 0; round <= rounds; round++) {
  loads.push(loadavg()[0]!);
  variants.forEach((v, i) => {
    const ms = coldStartMs(v);
    if (round > 0) times[i]!.push(ms);
  });
}
const base = median(times[0]!);
process.stdout.write(
  `\nOur cold start on the ${JOBS.toLocaleString('en')}-job index (process start → first answer), ${rounds} rounds, ` +
    `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}:\n\n` +
    '| runtime and build | median ms | range ms | vs Node 20 tsc output |\n|---|---:|---:|---:|\n' +
    variants
      .map((v, i) => {
        const t = times[i]!;
        return `| ${v.name} | ${median(t).toFixed(0)} | ${Math.min(...t).toFixed(0)}–${Math.max(...t).toFixed(0)} | ${(median(t) / base).toFixed(2)}× |`;
      })
      .join('\n') +
    '\n',
);
