// The desktop app's export to a file chosen in the save dialog (ExportsService, served by main):
// driven through the router with a stand-in dialog, the files read back as a spreadsheet or a
// script would read them.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code, ConnectError, createClient, type Client } from '@connectrpc/connect';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportsService, type Export } from '#shared/gen/svc/exports/v1/exports_pb';
import { exportRoutes } from '#service/exports/export-routes';
import { ExportRuns } from '#service/exports/export-runs';
import type { ExportFileOptions } from '../../../electron/service/exports/export-file.js';
import { localExportSources } from '#service/exports/local-sources';
import type { SaveDialog, SaveDialogRequest } from '#service/exports/save-dialog';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { createHandlers } from '../../../electron/service/rpc/router.js';
import { indexRoutes } from '#service/index-services/routes';
import { deniedDisk, diskFullAfter, slowDisk } from './export-disks.js';
import { UserHarness } from './harness.js';
import { POLL } from '../../helpers/poll.js';

/** The save dialog, answered by the test: a path, or undefined for Cancel. */
class FakeDialog implements SaveDialog {
  answer: string | undefined;
  readonly asked: SaveDialogRequest[] = [];
  async choose(req: SaveDialogRequest): Promise<string | undefined> {
    this.asked.push(req);
    return this.answer;
  }
}

let h: UserHarness;
let out: string;
const dialog = new FakeDialog();

/** ExportsService over the harness's router, writing through `open` (the real disk by default). */
function exportsClient(
  open?: ExportFileOptions['open'],
  runs = new ExportRuns(open ? { open } : {}),
): Client<typeof ExportsService> {
  const routes = exportRoutes({ ...localExportSources(h.handlers), dialog, runs });
  const handlers = createHandlers((r) => (indexRoutes(h.index)(r), h.services.routes(r), routes(r)));
  return createClient(ExportsService, createInMemoryTransport(handlers));
}

/** Polls Get as the UI does until the export is over. */
async function settled(client: Client<typeof ExportsService>, started: Export | undefined): Promise<Export> {
  expect(started?.state).toBe('running');
  let e = started!;
  await vi.waitFor(async () => {
    e = (await client.get({ id: e.id })).export!;
    expect(e.state).not.toBe('running');
  }, POLL);
  return e;
}

const inert = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const files = () => readdirSync(out).sort();

async function refusal(call: Promise<unknown>): Promise<ConnectError> {
  const e = await call.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ConnectError);
  return e as ConnectError;
}

beforeAll(() => {
  h = new UserHarness();
});
afterAll(() => h.close());
let n = 0;
beforeEach(() => {
  out = join(h.dir, `out-${n++}`);
  mkdirSync(out);
  dialog.asked.length = 0;
  dialog.answer = undefined;
});

describe('ExportsService.Start: the save dialog', () => {
  it('offers a dated file name for the format, and writes nothing when the dialog is cancelled', async () => {
    const client = exportsClient();
    const res = await client.start({ format: 'csv', source: { case: 'search', value: { query: 'engineer' } } });
    expect(res.export).toBeUndefined();
    expect(dialog.asked).toEqual([
      { defaultName: expect.stringMatching(/^jobs-\d{4}-\d{2}-\d{2}\.csv$/), format: 'csv' },
    ]);
    const saved = await client.start({ format: 'ndjson', source: { case: 'saved', value: {} } });
    expect(saved.export).toBeUndefined();
    expect(dialog.asked[1]).toEqual({
      defaultName: expect.stringMatching(/^saved-jobs-\d{4}-\d{2}-\d{2}\.ndjson$/),
      format: 'ndjson',
    });
    expect(files()).toEqual([]);
  });

  it('refuses a bad request before opening the dialog, naming the field as the request does', async () => {
    const client = exportsClient();
    const cases: Array<[Promise<unknown>, string]> = [
      [
        client.start({ format: 'xlsx', source: { case: 'saved', value: {} } }),
        'format: must be one of csv, json, ndjson, got "xlsx"',
      ],
      [
        client.start({ format: 'csv', source: { case: 'search', value: { filters: { country: 'ZZ' } } } }),
        'search.filters.country: must be an ISO 3166-1 alpha-2 code, got "ZZ"',
      ],
      [
        client.start({ format: 'csv', source: { case: 'search', value: { limit: 10 } } }),
        'search.limit: must be absent: an export walks every page',
      ],
      [client.start({ format: 'csv', source: { case: 'saved', value: { stage: 'hired' } } }), 'saved.stage: '],
      [client.start({ format: 'csv' }), 'source: must be search or saved'],
    ];
    for (const [call, message] of cases) {
      const e = await refusal(call);
      expect(e.code).toBe(Code.InvalidArgument);
      expect(e.rawMessage.startsWith(message)).toBe(true);
    }
    expect(dialog.asked).toEqual([]);
  });
});

describe('ExportsService: the file', () => {
  it('writes every page of a search as CSV with a BOM, read back row for row in the search’s order', async () => {
    const client = exportsClient();
    const expected = await h.allCards({ query: 'engineer', filters: { country: 'US' } });
    expect(expected.length).toBeGreaterThan(100); // several pages
    dialog.answer = join(out, 'engineers.csv');
    const started = await client.start({
      format: 'csv',
      source: { case: 'search', value: { query: 'engineer', filters: { country: 'US' } } },
    });
    expect(started.export?.path).toBe(dialog.answer);
    const done = await settled(client, started.export);
    expect(done).toMatchObject({ state: 'done', rows: expected.length, format: 'csv' });
    expect(done.total).toBeUndefined();
    expect(files()).toEqual(['engineers.csv']);
    const bytes = readFileSync(dialog.answer);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.id)).toEqual(expected.map((c) => c.id));
    for (const [i, { card: c, locations, applyUrl }] of (await h.exportExpected(expected)).entries()) {
      expect(rows[i]).toMatchObject({
        title: inert(c.title),
        company: inert(c.companyName),
        locations: inert(locations),
        apply_url: applyUrl,
        remote: String(c.remote),
      });
    }
  });

  it('writes a search as JSON in the service’s wire form', async () => {
    const client = exportsClient();
    const expected = (await h.exportExpected(await h.allCards({ filters: { country: 'DE' } }))).map((e) => e.json);
    dialog.answer = join(out, 'de.json');
    const done = await settled(
      client,
      (await client.start({ format: 'json', source: { case: 'search', value: { filters: { country: 'DE' } } } }))
        .export,
    );
    expect(done.state).toBe('done');
    expect(JSON.parse(readFileSync(dialog.answer, 'utf8'))).toEqual(expected);
  });

  it('writes the saved jobs with their tracking, formula-like notes made inert', async () => {
    const client = exportsClient();
    const cards = (await h.jobs.list({ query: { filters: { country: 'GB' }, limit: 3 } })).data;
    for (const c of cards) await h.saved.save({ jobId: c.id });
    await h.saved.move({ jobId: cards[0]!.id, stage: 'applied' });
    await h.saved.setNotes({ jobId: cards[1]!.id, notes: '=HYPERLINK("http://evil.example","click")' });
    const list = (await h.saved.list({ sort: 'saved' })).data;

    dialog.answer = join(out, 'saved.csv');
    const started = await client.start({ format: 'csv', source: { case: 'saved', value: { sort: 'saved' } } });
    expect(started.export?.total).toBe(list.length);
    const done = await settled(client, started.export);
    expect(done).toMatchObject({ state: 'done', rows: list.length, total: list.length });
    const rows = parse(readFileSync(dialog.answer), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.job_id)).toEqual(list.map((s) => s.jobId));
    const byId = new Map(rows.map((r) => [r.job_id, r]));
    expect(byId.get(cards[0]!.id)).toMatchObject({
      stage: 'applied',
      history: expect.stringMatching(/^saved@\S+; applied@\S+$/),
    });
    expect(byId.get(cards[1]!.id)?.notes).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(byId.get(cards[2]!.id)).toMatchObject({
      stage: 'saved',
      title: inert(list.find((s) => s.jobId === cards[2]!.id)!.snapshot!.title),
    });
  });

  it('reports progress while it writes, with only a bounded part of the search read ahead of the disk', async () => {
    const disk = slowDisk();
    const client = exportsClient(disk.open);
    const total = (await h.allCards({})).length;
    dialog.answer = join(out, 'all.ndjson');
    const started = (await client.start({ format: 'ndjson', source: { case: 'search', value: {} } })).export!;
    expect(started.rows).toBe(0);
    // The disk takes nothing: the walk stops on backpressure after some rows.
    let stalled!: Export;
    await vi.waitFor(async () => {
      stalled = (await client.get({ id: started.id })).export!;
      expect(stalled.rows).toBeGreaterThan(0);
    }, POLL);
    expect(stalled.state).toBe('running');
    expect(stalled.rows).toBeLessThan(total / 2);
    expect(files()).toEqual(['all.ndjson.partial']); // not under the chosen name until complete
    disk.release();
    const done = await settled(client, stalled);
    expect(done).toMatchObject({ state: 'done', rows: total });
    expect(readFileSync(dialog.answer, 'utf8').trim().split('\n')).toHaveLength(total);
    expect(files()).toEqual(['all.ndjson']);
  });

  it('cancels a running export: nothing is left at the chosen path', async () => {
    const disk = slowDisk();
    const client = exportsClient(disk.open);
    dialog.answer = join(out, 'cancelled.csv');
    const started = (await client.start({ format: 'csv', source: { case: 'search', value: {} } })).export!;
    await vi.waitFor(async () => expect((await client.get({ id: started.id })).export!.rows).toBeGreaterThan(0), POLL);
    const cancelled = (await client.cancel({ id: started.id })).export!;
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.error).toBeUndefined();
    expect(files()).toEqual([]);
    expect((await client.get({ id: started.id })).export!.state).toBe('cancelled');
  });

  it('quitting stops every running export and leaves no partial file', async () => {
    const disk = slowDisk();
    const runs = new ExportRuns({ open: disk.open });
    const client = exportsClient(disk.open, runs);
    const started: Export[] = [];
    for (const name of ['a.csv', 'b.ndjson']) {
      dialog.answer = join(out, name);
      started.push(
        (
          await client.start({
            format: name.endsWith('.csv') ? 'csv' : 'ndjson',
            source: { case: 'search', value: {} },
          })
        ).export!,
      );
    }
    await vi.waitFor(
      async () => expect((await client.get({ id: started[1]!.id })).export!.rows).toBeGreaterThan(0),
      POLL,
    );
    await runs.cancelAll();
    for (const s of started) expect((await client.get({ id: s.id })).export!.state).toBe('cancelled');
    expect(files()).toEqual([]);
  });

  it('a full disk fails with a clear message; no file is claimed as done and the one it was to replace is kept', async () => {
    const disk = diskFullAfter(20_000);
    const client = exportsClient(disk.open);
    dialog.answer = join(out, 'big.csv');
    writeFileSync(dialog.answer, 'the export of last week\n');
    const failed = await settled(
      client,
      (await client.start({ format: 'csv', source: { case: 'search', value: {} } })).export,
    );
    expect(disk.bytes()).toBeGreaterThan(0); // it had written part of the file
    expect(failed.state).toBe('failed');
    expect(failed.error).toBe(
      `could not write ${dialog.answer}: the disk is full. Free some space or choose another place, then export again (ENOSPC)`,
    );
    expect(files()).toEqual(['big.csv']);
    expect(readFileSync(dialog.answer, 'utf8')).toBe('the export of last week\n');
  });

  it('a folder it may not write to, or one that is gone, fails with a clear message and leaves nothing', async () => {
    dialog.answer = join(out, 'denied.csv');
    const denied = exportsClient(deniedDisk().open);
    const e1 = await settled(
      denied,
      (await denied.start({ format: 'csv', source: { case: 'saved', value: {} } })).export,
    );
    expect(e1).toMatchObject({
      state: 'failed',
      error: `could not write ${dialog.answer}: permission denied. Choose a folder you can write to, then export again (EACCES)`,
    });

    const client = exportsClient();
    dialog.answer = join(out, 'no-such-folder', 'jobs.csv');
    const e2 = await settled(
      client,
      (await client.start({ format: 'csv', source: { case: 'search', value: {} } })).export,
    );
    expect(e2).toMatchObject({
      state: 'failed',
      error: `could not write ${dialog.answer}: the folder does not exist. Choose another place, then export again (ENOENT)`,
    });
    expect(files()).toEqual([]);
    expect(existsSync(join(out, 'no-such-folder'))).toBe(false);
  });

  it('answers not_found for an export it does not know', async () => {
    const client = exportsClient();
    const e = await refusal(client.get({ id: 'nope' }));
    expect(e.code).toBe(Code.NotFound);
    expect((await refusal(client.cancel({ id: 'nope' }))).code).toBe(Code.NotFound);
  });
});
