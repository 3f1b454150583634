// Two builds of the CLI side by side on a busy machine: `jobindex search` from each tree in turn
// (their order swapped every round, bare `node -e 0` each round too), so both see the same load.
// Prints wall and CPU medians (user + system, cpu-report.mjs) after one warm-up round.
// Usage: node bench/cli-cold/alternate.mjs --db FILE --before DIR [--before-db FILE] [--after DIR] [--runs 25] [-- search args]
// (--before-db: the before tree's own copy of the index when the two trees' schemas differ)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const flag = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const db = flag('--db');
const before = flag('--before');
if (!db || !before) throw new Error('--db FILE (a 100k index) and --before DIR (a built tree to compare) are needed');
const trees = { before, after: flag('--after', fileURLToPath(new URL('../..', import.meta.url))) };
const runs = Number(flag('--runs', '25'));
const search = args.includes('--') ? args.slice(args.indexOf('--') + 1) : ['engineer'];
const report = fileURLToPath(new URL('./cpu-report.mjs', import.meta.url));

const one = (argv) => {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', report, ...argv], { stdio: ['ignore', 'ignore', 'pipe'] });
  const wall = performance.now() - t;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { wall, cpu: Number(/cpu-us (\d+)\s*$/.exec(r.stderr.toString())[1]) / 1000 };
};
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const dbs = { before: flag('--before-db', db), after: db };
const cli = (k) => [`${trees[k]}/bin/jobindex.js`, 'search', ...search, '--db', dbs[k]];

const res = { 'bare node': [], before: [], after: [] };
const loadAtStart = load();
for (let i = 0; i <= runs; i++) {
  const bare = one(['-e', '0']);
  const order = i % 2 ? ['before', 'after'] : ['after', 'before'];
  const got = Object.fromEntries(order.map((k) => [k, one(cli(k))]));
  if (i === 0) continue; // the warm-up round fills the file cache
  res['bare node'].push(bare);
  res.before.push(got.before);
  res.after.push(got.after);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms) => (ms / 1000).toFixed(3);
console.log(`search ${search.join(' ')}, ${runs} alternating rounds; before ${trees.before}, after ${trees.after}`);
for (const [k, xs] of Object.entries(res))
  console.log(`  ${k.padEnd(9)} wall ${s(median(xs.map((x) => x.wall)))} s  cpu ${s(median(xs.map((x) => x.cpu)))} s`);
console.log(`  load average ${loadAtStart} → ${load()}`);
