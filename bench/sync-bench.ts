// npm run bench:sync — a first sync of 100k jobs from `jobindex serve` on loopback (cards/s in
// the List phase, details/s in the Get phase), then incremental syncs of 1,000 upstream changes
// each (median time of three). Target (issue #4): ≥ 20k cards/s. First it times the local half of
// the card phase alone (staging cards, no network). BENCH_SYNC_JOBS (default 100000),
// BENCH_SYNC_CONCURRENCY (8), BENCH_SYNC_PART=ingest|cards to stop after that part.
// BENCH_SYNC_PART=snapshot: a first sync from the upstream's snapshot vs a List + Get one, side by
// side, with the bytes each downloaded (counted on the wire by a TCP relay) (issue 30).
import { startListening } from '../test/helpers/listening-process.js';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evolveIndex } from '#tools/generate/evolve';
import { openIndex } from '#service/index-db/open-index';
import { syncIndex, type SyncProgress, type SyncReport } from '#service/sync/sync-index';
import { BinaryReader } from '@bufbuild/protobuf/wire';
import { CARD_COLUMNS, type CardRow } from '../electron/service/index-db/search/card-row.js';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { encodeCards } from '../electron/service/index-services/card-binary.js';
import { CardStager, STAGE_BATCH, mergeStagedCards } from '../electron/service/sync/pull-cards.js';
import type { SyncContext } from '../electron/service/sync/sync-context.js';
import { writeSnapshot } from '#service/snapshot/write-snapshot';
import { benchIndex, median } from './bench-index.js';

const JOBS = Number(process.env.BENCH_SYNC_JOBS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_SYNC_CONCURRENCY ?? 8);

const serve = (file: string, ...more: string[]) =>
  startListening(['bin/jobindex.js', 'serve', '--port', '0', '--db', file, '--log-level', 'warn', ...more], {
    stderr: 'inherit',
  });

/** Seconds each phase took, from the first event of a phase to the first event of the next (printed as they end). */
async function timedSync(
  url: string,
  file: string,
  log = false,
  stopAt?: string,
): Promise<{ report: SyncReport; phases: Map<string, { secs: number; done: number }> }> {
  const marks: Array<{ phase: string; at: number; done: number }> = [];
  const stop = new AbortController();
  const report = await syncIndex({
    upstream: url,
    indexFile: file,
    concurrency: CONCURRENCY,
    signal: stop.signal,
    onProgress: (p: SyncProgress) => {
      if (p.phase === stopAt) stop.abort(new Error(`stopped at ${stopAt}`));
      const last = marks.at(-1);
      if (last?.phase === p.phase) last.done = p.done;
      else {
        const at = performance.now();
        if (log && last)
          process.stderr.write(
            `  ${last.phase}: ${last.done.toLocaleString('en')} in ${((at - last.at) / 1000).toFixed(2)} s (${Math.round(last.done / ((at - last.at) / 1000)).toLocaleString('en')}/s)\n`,
          );
        marks.push({ phase: p.phase, at, done: p.done });
      }
    },
  });
  const end = performance.now();
  const phases = new Map<string, { secs: number; done: number }>();
  marks.forEach((m, i) => {
    const prev = phases.get(m.phase);
    const secs = ((marks[i + 1]?.at ?? end) - m.at) / 1000;
    phases.set(m.phase, { secs: (prev?.secs ?? 0) + secs, done: (prev?.done ?? 0) + m.done });
  });
  return { report, phases };
}

/**
 * The local half of the card phase alone: staging the upstream's encoded cards (read, check,
 * compare with the local copy, write) as many per transaction as a sync does, with no network
 * and no upstream search.
 */
function ingestOnly(source: string, target: string): { cards: number; secs: number } {
  const src = openIndex(source, { readonly: true });
  const rows = src
    .prepare(`SELECT ${CARD_COLUMNS}, j.work_mode FROM jobs j WHERE j.status = 'active' ORDER BY j.rid DESC`)
    .all() as Array<CardRow & { work_mode: string }>;
  src.close();
  const encoded = encodeCards(rows);
  const cards = rows.map((r, i) => ({ bytes: new BinaryReader(encoded[i]!).bytes(), mode: r.work_mode }));
  const db = openIndex(target);
  const ctx = { db, writer: new IndexWriter(db), malformed: () => {} } as unknown as SyncContext;
  const stager = new CardStager(ctx);
  const t = performance.now();
  for (let i = 0; i < cards.length; i += STAGE_BATCH) {
    ctx.writer.transaction(() =>
      cards.slice(i, i + STAGE_BATCH).forEach((c) => stager.add(stager.read(c.bytes)!, c.mode)),
    );
  }
  mergeStagedCards(ctx);
  const secs = (performance.now() - t) / 1000;
  db.close();
  return { cards: cards.length, secs };
}

const dir = mkdtempSync(join(tmpdir(), 'jobindex-sync-bench-'));
if (process.env.BENCH_SYNC_PART !== 'snapshot') {
  const r = ingestOnly(benchIndex(JOBS), join(dir, 'ingest.sqlite'));
  process.stdout.write(
    `card ingest alone (no network): ${r.cards.toLocaleString('en')} cards in ${r.secs.toFixed(2)} s = ${Math.round(r.cards / r.secs).toLocaleString('en')} cards/s\n`,
  );
  if (process.env.BENCH_SYNC_PART === 'ingest') {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
}
const upstreamFile = join(dir, 'upstream.sqlite');
const localFile = join(dir, 'local.sqlite');
copyFileSync(benchIndex(JOBS), upstreamFile);
openIndex(upstreamFile).close(); // brings the copy to this build's schema
const snapDir = join(dir, 'snapshots');
let snapshotSecs = 0;
if (process.env.BENCH_SYNC_PART === 'snapshot') {
  const t = performance.now();
  await writeSnapshot(upstreamFile, snapDir);
  snapshotSecs = (performance.now() - t) / 1000;
}
const server =
  process.env.BENCH_SYNC_PART === 'snapshot'
    ? await serve(upstreamFile, '--snapshots', snapDir)
    : await serve(upstreamFile);
// Stopped (Ctrl-C, or `timeout`'s SIGTERM): the upstream child and the temp folder go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    server.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
async function cardsOnly(): Promise<void> {
  process.stderr.write(`companies and cards of ${JOBS.toLocaleString('en')} jobs from ${server.url}…\n`);
  await timedSync(server.url, localFile, true, 'details').catch((e: Error) => process.stderr.write(`${e.message}\n`));
}

async function firstAndIncremental(): Promise<void> {
  process.stderr.write(
    `first sync of ${JOBS.toLocaleString('en')} jobs from ${server.url} (${CONCURRENCY} details in flight)…\n`,
  );
  const t = performance.now();
  const first = await timedSync(server.url, localFile, true);
  const total = (performance.now() - t) / 1000;
  const cards = first.phases.get('cards')!;
  const details = first.phases.get('details')!;
  const out: string[] = [];
  out.push(`first sync, ${first.report.jobsWritten.toLocaleString('en')} active jobs: ${total.toFixed(1)} s`);
  for (const [phase, p] of first.phases)
    out.push(
      `  ${phase.padEnd(10)} ${p.secs.toFixed(2).padStart(7)} s  ${p.done.toLocaleString('en').padStart(8)} done`,
    );
  out.push(`  cards/s   ${Math.round(cards.done / cards.secs).toLocaleString('en')} (target ≥ 20,000)`);
  out.push(`  details/s ${Math.round(details.done / details.secs).toLocaleString('en')}`);

  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const db = openIndex(upstreamFile);
    evolveIndex(db, { add: 400, reverify: 300, expire: 250, remove: 50, seed: 100 + i, now: Date.now() });
    db.close();
    const s = performance.now();
    const r = await timedSync(server.url, localFile);
    times.push((performance.now() - s) / 1000);
    out.push(
      `incremental #${i + 1} (1,000 changes): ${times.at(-1)!.toFixed(2)} s · cards ${r.report.cards} · details ${r.report.details} · written ${r.report.jobsWritten} · expired ${r.report.expired} · purged ${r.report.purged}`,
    );
  }
  times.sort((a, b) => a - b);
  out.push(`incremental sync of 1,000 changes: median ${times[1]!.toFixed(2)} s`);
  process.stdout.write(`${out.join('\n')}\n`);
}

/** A loopback TCP relay in front of the upstream that counts the bytes it sends the client. */
async function countingRelay(target: string): Promise<{ url: string; bytes: () => number; close: () => void }> {
  const t = new URL(target);
  let bytes = 0;
  const relay = net.createServer((client) => {
    const up = net.connect(Number(t.port), t.hostname);
    up.on('data', (c: Buffer) => (bytes += c.length));
    client.pipe(up).pipe(client);
    const end = () => (client.destroy(), up.destroy());
    client.on('error', end).on('close', end);
    up.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`,
    bytes: () => bytes,
    close: () => relay.close(),
  };
}

async function snapshotVsListGet(): Promise<void> {
  const out: string[] = [];
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  const manifest = JSON.parse(readFileSync(join(snapDir, 'manifest.json'), 'utf8')) as {
    bytes: number;
    dbBytes: number;
  };
  out.push(
    `snapshot of the ${JOBS.toLocaleString('en')}-job upstream: ${snapshotSecs.toFixed(1)} s, ${mb(manifest.dbBytes)} → ${mb(manifest.bytes)} zstd`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
  // Each line is printed as its run ends, so a run cut short by a timeout still shows the others.
  const runs: Array<[string, 'auto' | 'never', number]> = [
    ['from the snapshot', 'auto', Number(process.env.BENCH_SYNC_RUNS ?? 3)],
    ['List + Get', 'never', Number(process.env.BENCH_SYNC_LISTGET_RUNS ?? 1)],
  ];
  const firstSecs = new Map<string, number[]>();
  const firstBytes = new Map<string, number>();
  for (const [name, mode, times] of runs) {
    for (let i = 0; i < times; i++) {
      const file = join(dir, `local-${mode}-${i}.sqlite`);
      const relay = await countingRelay(server.url);
      process.stderr.write(`first sync ${name} (#${i + 1})…\n`);
      const phases: string[] = [];
      let phaseAt = performance.now();
      let phaseCpu = process.cpuUsage();
      // Wall seconds (and this process's CPU seconds) since the phase began.
      const spent = () => {
        const cpu = process.cpuUsage(phaseCpu);
        return ` ${((performance.now() - phaseAt) / 1000).toFixed(1)} s (cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)})`;
      };
      const t = performance.now();
      const r = await syncIndex({
        upstream: relay.url,
        indexFile: file,
        concurrency: CONCURRENCY,
        snapshot: mode,
        onProgress: (p) => {
          if (phases.at(-1)?.startsWith(p.phase)) return;
          if (phases.length) phases[phases.length - 1] += spent();
          phases.push(p.phase);
          phaseAt = performance.now();
          phaseCpu = process.cpuUsage();
        },
      });
      const secs = (performance.now() - t) / 1000;
      if (phases.length) phases[phases.length - 1] += spent();
      relay.close();
      const db = openIndex(file, { readonly: true });
      const active = db.prepare("SELECT count(*) FROM jobs WHERE status = 'active'").pluck().get() as number;
      db.close();
      rmSync(file, { force: true });
      firstSecs.set(name, [...(firstSecs.get(name) ?? []), secs]);
      firstBytes.set(name, relay.bytes());
      const steps = Object.entries(r.snapshot.steps ?? {})
        .map(([step, t]) => `${step} ${(t.ms / 1000).toFixed(2)} s (cpu ${(t.cpuMs / 1000).toFixed(2)})`)
        .join(', ');
      process.stdout.write(
        `first sync ${name.padEnd(18)} ${secs.toFixed(1).padStart(6)} s  ${mb(relay.bytes()).padStart(9)} downloaded  ${active.toLocaleString('en')} active jobs · Gets ${r.details.toLocaleString('en')} · ${phases.join(', ')}\n` +
          (steps ? `  snapshot steps (installed as ${r.snapshot.install}): ${steps}\n` : ''),
      );
    }
  }
  const snap = median(firstSecs.get('from the snapshot')!);
  if (!firstSecs.has('List + Get')) return;
  const listGet = median(firstSecs.get('List + Get')!);
  process.stdout.write(
    `median first sync: snapshot ${snap.toFixed(1)} s (target ≤ 15 s) vs List + Get ${listGet.toFixed(1)} s = ${(listGet / snap).toFixed(1)}× faster; bytes ${(firstBytes.get('from the snapshot')! / firstBytes.get('List + Get')!).toFixed(2)} of List + Get's (target ≤ 0.5)\n`,
  );
}

try {
  if (process.env.BENCH_SYNC_PART === 'snapshot') await snapshotVsListGet();
  // BENCH_SYNC_PART=cards: companies and cards only (the run is left to resume, as a killed one).
  else if (process.env.BENCH_SYNC_PART === 'cards') await cardsOnly();
  else await firstAndIncremental();
} finally {
  server.child.removeAllListeners('exit');
  server.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
