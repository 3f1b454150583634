// npm run bench:peers:runtimes — our cold start (process start → first answer, the same child as
// `bench:peers`) on two runtimes and two builds: Node 20 (this machine's) and Node 24.11 (the Node
// inside Electron 40, the desktop shell's runtime, with its compile cache on), each running tsc's
// output (one ES module per source file) and a bundle (rolldown). Node 24 is fetched from the npm
// registry (node-<os>-<arch>); better-sqlite3 is rebuilt for it with npm's node-gyp against that
// package's headers. Everything lands in bench/.data/runtimes. BENCH_COLD_JOBS picks the index
// (default 100k), BENCH_COLD_RUNS the rounds (default 9), the variants interleaved in each; medians.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { rolldown } from 'rolldown';
import { packageRoot } from '../../electron/paths.js';
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
const app24 = join(dir, 'app-node24');
const childJs = join('dist', 'bench', 'peers', 'child.js');
const say = (s: string) => process.stderr.write(`${s}\n`);

function fetchNode24(): void {
  if (existsSync(node24)) return;
  if (process.platform !== 'linux' && process.platform !== 'darwin') throw new Error(`no Node ${NODE24} package for ${process.platform} here`);
  mkdirSync(dir, { recursive: true });
  say(`fetching Node ${NODE24} from the npm registry…`);
  const pkg = `node-${process.platform}-${process.arch}@${NODE24}`;
  const tgz = execFileSync('npm', ['pack', pkg, '--pack-destination', dir], { encoding: 'utf8' }).trim().split('\n').at(-1)!;
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
  const npmDir = process.env.npm_execpath ? dirname(dirname(process.env.npm_execpath)) : join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm');
  const gyp = join(npmDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  execFileSync(node24, [gyp, 'rebuild', '--release', `--nodedir=${node24Dir}`, '-j', '2'], { cwd: sqlite24, stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * A copy of this checkout's build that resolves better-sqlite3 to the Node 24 build and every
 * other package to this checkout's node_modules.
 */
function makeApp24(): void {
  rmSync(app24, { recursive: true, force: true });
  mkdirSync(join(app24, 'node_modules'), { recursive: true });
  cpSync(join(packageRoot, 'dist'), join(app24, 'dist'), { recursive: true });
  cpSync(join(packageRoot, 'package.json'), join(app24, 'package.json'));
  for (const name of readdirSync(join(packageRoot, 'node_modules'))) {
    if (name !== 'better-sqlite3') symlinkSync(join(packageRoot, 'node_modules', name), join(app24, 'node_modules', name));
  }
  cpSync(sqlite24, join(app24, 'node_modules', 'better-sqlite3'), { recursive: true });
}

/**
 * The child and everything it imports bundled into `outDir`: one file up to the engine, and one
 * chunk per engine (each engine is imported only when chosen, as in tsc's output). better-sqlite3
 * stays a package, resolved from there: it is native.
 */
async function bundle(root: string, outDir: string): Promise<string> {
  const build = await rolldown({
    input: join(root, childJs),
    platform: 'node',
    external: ['better-sqlite3', 'minisearch', 'flexsearch', '@orama/orama'],
    logLevel: 'silent',
  });
  await build.write({ dir: outDir, format: 'esm' });
  await build.close();
  return join(outDir, 'child.js');
}

/** Process start → first answer, in ms, from one fresh process. */
function coldStartMs(v: Variant): number {
  const out = execFileSync(v.node, [v.script, 'cold', 'sqlite', String(JOBS), index], { encoding: 'utf8', env: { ...process.env, ...v.env } });
  return (JSON.parse(out) as { coldStartMs: number }).coldStartMs;
}

interface Variant {
  name: string;
  node: string;
  script: string;
  env?: NodeJS.ProcessEnv;
}

fetchNode24();
buildSqliteFor24();
makeApp24();
const index = currentBenchIndex(JOBS);
// Node 24's compile cache keeps compiled code between runs, as the shell would across launches;
// the first (warm-up) round fills it and is not counted.
const cache = { NODE_COMPILE_CACHE: join(dir, 'compile-cache') };
const variants: Variant[] = [
  { name: `Node ${process.versions.node}, tsc output`, node: process.execPath, script: join(packageRoot, childJs) },
  { name: `Node ${process.versions.node}, bundled`, node: process.execPath, script: await bundle(packageRoot, join(dir, 'bundle-node20')) },
  { name: `Node ${NODE24} + compile cache, tsc output`, node: node24, script: join(app24, childJs), env: cache },
  { name: `Node ${NODE24} + compile cache, bundled`, node: node24, script: await bundle(app24, join(app24, 'bundle')), env: cache },
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
