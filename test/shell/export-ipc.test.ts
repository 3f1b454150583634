// The desktop export end to end without Electron: the renderer's export (export.electron.ts, what
// `vite build --mode electron` puts behind `#platform/export`) → its Connect transport → the
// preload's one bridge function → main's IPC handler and the app's router with ExportsService →
// the save dialog (a stand-in) and the file on disk.
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_KEY, type JobIndexBridge } from '#shared/ipc/bridge';
import { createRpcIpcHandler } from '../../electron/shell/ipc/rpc-ipc-handler.js';
import { isTrustedSender, type IpcSender } from '../../electron/shell/ipc/trusted-sender.js';
import { handlersOf as appHandlers } from '#service/open-service';
import { exportRoutes } from '#service/exports/export-routes';
import { ExportRuns } from '#service/exports/export-runs';
import type { ExportFileOptions } from '../../electron/service/exports/export-file.js';
import { localExportSources } from '#service/exports/local-sources';
import type { SaveDialog } from '#service/exports/save-dialog';
import { indexRoutes } from '#service/index-services/routes';
import type { ExportProgress } from '../../renderer/platform/export-port.js';
import { exportSaved, exportSearch } from '../../renderer/platform/export.electron.js';
import { diskFullAfter, slowDisk } from '../service/user/export-disks.js';
import { UserHarness } from '../service/user/harness.js';
import { preloadOverIpc } from './preload-sandbox.js';
import { POLL } from '../helpers/poll.js';

const OUR_WINDOW = 3;
const ourPage: IpcSender = { sender: { id: OUR_WINDOW }, senderFrame: { url: 'app://jobindex/index.html' } };
let h: UserHarness;
let out: string;
/** What the save dialog answers next (undefined: Cancel). */
let chosen: string | undefined;
const dialog: SaveDialog = { choose: async () => chosen };
/** The disk main writes to: the real one, or a stand-in the test sets. */
const realDisk: NonNullable<ExportFileOptions['open']> = (p) => createWriteStream(p);
let disk = realDisk;
const paths: string[] = [];

beforeAll(() => {
  h = new UserHarness();
  const data = [indexRoutes(h.index), h.services.routes];
  // As electron/shell/main.ts wires it, with the dialog and the disk replaced.
  const runs = new ExportRuns({ open: (p) => disk(p) });
  const exportsRoute = exportRoutes({ ...localExportSources(appHandlers(data)), dialog, runs });
  const main = createRpcIpcHandler(appHandlers([...data, exportsRoute]), (e) =>
    isTrustedSender(e, new Set([OUR_WINDOW])),
  );
  const exposed = preloadOverIpc(
    main,
    () => ourPage,
    (m) => paths.push((m as { path: string }).path),
  );
  (globalThis as Record<string, unknown>)[BRIDGE_KEY] = exposed[BRIDGE_KEY] as JobIndexBridge;
});
afterAll(() => {
  delete (globalThis as Record<string, unknown>)[BRIDGE_KEY];
  h.close();
});
let n = 0;
beforeEach(() => {
  out = join(h.dir, `ipc-${n++}`);
  mkdirSync(out);
  chosen = undefined;
  paths.length = 0;
  disk = realDisk;
});

const options = (onProgress: (p: ExportProgress) => void = () => {}, signal = new AbortController().signal) => ({
  format: 'csv' as const,
  onProgress,
  signal,
});

describe('export in the desktop app, over the IPC bridge', () => {
  it('writes the search the person is looking at to the file chosen in the dialog, all pages, in order', async () => {
    const query = { query: 'engineer', filters: { country: 'US', sort: 'newest' } };
    const expected = await h.walk(query);
    chosen = join(out, 'engineers.csv');
    const outcome = await exportSearch(query, options());
    expect(outcome).toEqual({ kind: 'done', rows: expected.length, where: chosen });
    const rows = parse(readFileSync(chosen), { bom: true, columns: true }) as Array<{ id: string }>;
    expect(rows.map((r) => r.id)).toEqual(expected);
    // Everything went over the one RPC channel, as ExportsService calls.
    expect(new Set(paths.map((p) => p.replace(/\/\w+$/, '')))).toEqual(new Set(['/svc.exports.v1.ExportsService']));
    expect(paths[0]).toBe('/svc.exports.v1.ExportsService/Start');
  });

  it('does nothing when the dialog is cancelled', async () => {
    expect(await exportSaved({}, options())).toEqual({ kind: 'cancelled' });
    expect(paths).toEqual(['/svc.exports.v1.ExportsService/Start']);
    expect(readdirSync(out)).toEqual([]);
  });

  it('shows progress as main writes, and the Cancel button stops it without leaving a file', async () => {
    const slow = slowDisk();
    disk = slow.open;
    chosen = join(out, 'all.csv');
    const seen: number[] = [];
    const cancel = new AbortController();
    const running = exportSearch(
      {},
      options((p) => {
        seen.push(p.rows);
        if (p.rows > 0) cancel.abort();
      }, cancel.signal),
    );
    expect(await running).toEqual({ kind: 'cancelled' });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBeGreaterThan(0);
    expect(paths).toContain('/svc.exports.v1.ExportsService/Cancel');
    expect(readdirSync(out)).toEqual([]);
  });

  it('exports the saved jobs, progress counted against their total, once the disk keeps up', async () => {
    const slow = slowDisk();
    disk = slow.open;
    chosen = join(out, 'saved.csv');
    const cards = (await h.jobs.list({ query: { filters: { country: 'FR' }, limit: 4 } })).data;
    for (const c of cards) await h.saved.save({ jobId: c.id });
    const total = (await h.saved.list({})).data.length;
    const seen: Array<{ rows: number; total?: number }> = [];
    const running = exportSaved(
      {},
      options((p) => seen.push(p)),
    );
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0), POLL);
    slow.release();
    expect(await running).toEqual({ kind: 'done', rows: total, where: chosen });
    expect(seen.every((p) => p.total === total)).toBe(true);
    expect(seen.map((p) => p.rows)).toEqual([...seen.map((p) => p.rows)].sort((a, b) => a - b));
    const rows = parse(readFileSync(chosen), { bom: true, columns: true }) as Array<{ job_id: string }>;
    expect(rows.map((r) => r.job_id).sort()).toEqual((await h.saved.list({})).data.map((s) => s.jobId).sort());
  });

  it('a failed write rejects with main’s words for it, and leaves no file', async () => {
    disk = diskFullAfter(10_000).open;
    chosen = join(out, 'full.csv');
    await expect(exportSearch({}, options())).rejects.toThrow(
      `could not write ${chosen}: the disk is full. Free some space or choose another place, then export again (ENOSPC)`,
    );
    expect(readdirSync(out)).toEqual([]);
  });
});
