// kill -9 while a snapshot is being written into the index (docs/decisions/snapshots.md § Download,
// checks, adopting): the index is the old one, intact, and the next sync completes from the download
// the killed run left. The sync runs in a child process (the built CLI's code), which kills itself
// with SIGKILL the moment the index begins to change: alone on the index, just before the
// snapshot's file takes its place; with another connection open on it, once its first pages are written.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndex } from '#service/index-db/open-index';
import type { SnapshotManifest } from '#service/snapshot/manifest';
import { syncIndex } from '#service/sync/sync-index';
import { buildIndex } from '#tools/generate/build-index';
import { ensureBuilt, root } from '../../helpers/built-dist.js';
import { snapshotUpstream, type SnapshotUpstream } from './snapshot-upstream.js';
import { testNow } from './sync-harness.js';

let dir: string;
let up: SnapshotUpstream;
let url: string;
let manifest: SnapshotManifest;
const now = testNow();

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'jobindex-snap-kill-'));
  up = await snapshotUpstream(dir, 400, 23, now);
  ({ manifest, url } = up);
}, 300_000);
afterAll(async () => {
  await up?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What a person would see of the index: every job and company row, the meta, the counts. */
function contents(file: string): unknown {
  const db = openIndex(file, { readonly: true });
  try {
    return {
      check: db.pragma('integrity_check', { simple: true }),
      jobs: db.prepare('SELECT * FROM jobs ORDER BY rid').all(),
      companies: db.prepare('SELECT * FROM companies ORDER BY cid').all(),
      meta: db.prepare('SELECT * FROM meta ORDER BY key').all(),
      search: db.prepare("SELECT rowid FROM job_search WHERE job_search MATCH 'engineer' ORDER BY rowid").all(),
    };
  } finally {
    db.close();
  }
}

/**
 * Syncs in a child process that SIGKILLs itself once the index begins to change; resolves its
 * signal. `holdOpen`: the child keeps a reader open on the index, as the app's services do.
 */
function syncKilledMidCopy(file: string, holdOpen = false): Promise<{ signal: NodeJS.Signals | null; err: string }> {
  const code = `
    const { syncIndex } = await import(${JSON.stringify(pathToFileURL(join(root, 'dist/electron/service/sync/sync-index.js')).href)});
    if (${holdOpen}) {
      const { default: Database } = await import('better-sqlite3');
      globalThis.reader = new Database(${JSON.stringify(file)}, { readonly: true });
      globalThis.reader.prepare('SELECT count(*) FROM jobs').get();
    }
    await syncIndex({
      upstream: ${JSON.stringify(url)},
      indexFile: ${JSON.stringify(file)},
      onProgress: (p) => {
        if (p.phase === 'import' && p.done > 0 && p.done < p.total) process.kill(process.pid, 'SIGKILL');
      },
    });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: root });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve({ signal, err })));
}

describe('a sync killed while the snapshot is written into the index', { timeout: 180_000 }, () => {
  it.each([
    ['alone on the index (its file installed)', false],
    ['beside another connection (its pages copied)', true],
  ])('%s: leaves the old index intact, and the next sync completes', async (_name, holdOpen) => {
    const file = join(dir, `local-${holdOpen ? 'shared' : 'alone'}.sqlite`);
    buildIndex(file, { jobs: 40, seed: 99, now });
    const before = contents(file);

    const killed = await syncKilledMidCopy(file, holdOpen);
    expect(killed.signal, killed.err).toBe('SIGKILL');
    expect(contents(file)).toEqual(before);

    const r = await syncIndex({ upstream: url, indexFile: file });
    // The killed run's download is complete on disk: nothing is fetched again.
    expect(r.snapshot).toMatchObject({ used: true, resumedFrom: manifest.bytes, bytesDownloaded: 0 });
    const db = openIndex(file, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(manifest.counts.jobs - r.purged);
    } finally {
      db.close();
    }
  });
});
