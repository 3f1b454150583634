import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_SCHEME, APP_URL } from '#shared/ipc/app-origin';
import { RPC_CHANNEL, type IpcRpcResponse } from '#shared/ipc/rpc-message';
import { getMeta } from '#service/index-db/meta';
import { openIndex } from '#service/index-db/open-index';
import { openUserDb } from '#service/user-db/open-user-db';
import { Settings } from '#service/user-db/settings';
import { root } from '../helpers/built-dist.js';
import * as fake from '../helpers/fake-electron.js';
import { logLines, WARN } from '../helpers/log-lines.js';
import { POLL } from '../helpers/poll.js';

// The main process run against a stand-in for the `electron` module (no Electron binary can run
// here): what it registers, in which order, and that the pieces it wires answer as the app needs.
// The calling test file mocks `electron` with test/helpers/fake-electron.ts and says how main is
// loaded: from the sources (main-process.test.ts) or as shipped, bundled (main-bundle.test.ts).

type Listener = (...args: any[]) => unknown;

/** Runs the suite once per file: `loadMain` imports the main process (again after vi.resetModules()). */
export function describeMainProcess(loadMain: () => Promise<unknown>): void {
  const userData = mkdtempSync(join(tmpdir(), 'jobindex-main-'));
  beforeAll(async () => {
    fake.state.userData = userData;
    await loadMain();
  });
  afterAll(() => rmSync(userData, { recursive: true, force: true }));

  const invoke = (event: unknown, message: unknown) =>
    fake.ipc.get(RPC_CHANNEL)!(event, message) as Promise<IpcRpcResponse>;
  const getInfo = {
    path: '/svc.meta.v1.MetaService/GetInfo',
    headers: { 'content-type': 'application/json' },
    body: new TextEncoder().encode('{}'),
  };

  describe('main process start-up', () => {
    it('registers the app: scheme and sandboxes everything before the app is ready', () => {
      const ready = fake.calls.indexOf('whenReady');
      expect(fake.calls.findIndex((c) => c.startsWith('registerSchemesAsPrivileged'))).toBeLessThan(ready);
      expect(fake.calls.indexOf('enableSandbox')).toBeLessThan(ready);
      expect(fake.calls.find((c) => c.startsWith('registerSchemesAsPrivileged'))).toContain(`"scheme":"${APP_SCHEME}"`);
      expect(fake.calls).toContain(`protocol.handle ${APP_SCHEME}`);
      expect(fake.calls).toContain('setApplicationMenu');
    });

    it('installs the bundled index into the user-data folder and opens the user’s file beside it', () => {
      expect(existsSync(join(userData, 'index.sqlite'))).toBe(true);
      expect(existsSync(join(userData, 'user.sqlite'))).toBe(true);
    });

    it('logs as JSON lines to a rolling file in the user-data folder (the index it installed)', async () => {
      const logged = () => {
        const dir = join(userData, 'logs');
        const files = existsSync(dir) ? readdirSync(dir).filter((f) => /^jobindex\.\d+\.log$/.test(f)) : [];
        return files.flatMap((f) => logLines(readFileSync(join(dir, f), 'utf8')));
      };
      await vi.waitFor(
        () =>
          expect(logged()).toContainEqual(
            expect.objectContaining({ level: WARN, msg: expect.stringMatching(/^jobindex: index installed from /) }),
          ),
        POLL,
      );
    });

    it('opens one window on the app: page, with the built sandboxed preload', () => {
      expect(fake.windows).toHaveLength(1);
      const win = fake.windows[0]!;
      expect(win.url).toBe(APP_URL);
      expect(win.options.webPreferences).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
      });
      expect(win.options.webPreferences.preload).toBe(
        join(root, 'dist', 'electron', 'shell', 'preload', 'preload.cjs'),
      );
    });

    it('answers the window’s renderer on the RPC channel from the installed index, and no one else', async () => {
      const win = fake.windows[0]!;
      const ok = await invoke({ sender: { id: win.webContents.id }, senderFrame: { url: APP_URL } }, getInfo);
      expect(ok.status).toBe(200);
      const installed = openIndex(join(userData, 'index.sqlite'), { readonly: true });
      expect(JSON.parse(new TextDecoder().decode(ok.body)).indexVersion).toBe(getMeta(installed, 'index_version'));
      installed.close();
      const foreign = await invoke(
        { sender: { id: win.webContents.id }, senderFrame: { url: 'https://evil.example/' } },
        getInfo,
      );
      expect(foreign.status).toBe(403);
      const otherContents = await invoke({ sender: { id: 999 }, senderFrame: { url: APP_URL } }, getInfo);
      expect(otherContents.status).toBe(403);
    });

    it('answers the user-data services over the same channel, from the user file beside the index', async () => {
      const win = fake.windows[0]!;
      const sender = { sender: { id: win.webContents.id }, senderFrame: { url: APP_URL } };
      const body = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));
      const json = { 'content-type': 'application/json' };
      const list = await invoke(sender, {
        path: '/svc.jobs.v1.JobsService/List',
        headers: json,
        body: body({ query: { limit: 1 } }),
      });
      const id = JSON.parse(new TextDecoder().decode(list.body)).data[0].id as string;
      const saved = await invoke(sender, {
        path: '/svc.saved.v1.SavedJobsService/Save',
        headers: json,
        body: body({ jobId: id }),
      });
      expect(saved.status).toBe(200);
      const user = openUserDb(join(userData, 'user.sqlite'));
      expect(user.prepare('SELECT job_id FROM saved_jobs').pluck().all()).toEqual([id]);
      user.close();
    });

    it('answers ExportsService with the save dialog over the window; Cancel writes nothing', async () => {
      const win = fake.windows[0]!;
      const sender = { sender: { id: win.webContents.id }, senderFrame: { url: APP_URL } };
      const body = new TextEncoder().encode(JSON.stringify({ format: 'csv', saved: {} }));
      const res = await invoke(sender, {
        path: '/svc.exports.v1.ExportsService/Start',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(200);
      expect(JSON.parse(new TextDecoder().decode(res.body))).toEqual({});
      const [[parent, options]] = fake.dialog.asked as [[unknown, { defaultPath: string; filters: unknown }]];
      expect(parent).toBe(win);
      expect(options.defaultPath).toMatch(/^\/nowhere\/saved-jobs-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(options.filters).toEqual([{ name: 'CSV (spreadsheets)', extensions: ['csv'] }]);
    });

    it('serves the renderer with the CSP', async () => {
      const res = await fake.state.protocolHandler!(new Request('app://jobindex/index.html'));
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    });

    it('denies every permission', () => {
      const ses = fake.session.defaultSession;
      const answers: boolean[] = [];
      ses.permissionRequest!(null, 'media', (granted: boolean) => answers.push(granted));
      expect(answers).toEqual([false]);
      expect(ses.permissionCheck!(null, 'notifications', 'app://jobindex', {})).toBe(false);
    });

    it('guards every web contents: no new windows, web links to the system browser, no navigation away', () => {
      const contents = {
        ...fake.emitter(),
        openHandler: undefined as Listener | undefined,
        setWindowOpenHandler(f: Listener) {
          this.openHandler = f;
        },
      };
      fake.emitApp('web-contents-created', {}, contents);
      expect(contents.openHandler!({ url: 'https://example.com/job' })).toEqual({ action: 'deny' });
      expect(contents.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
      expect(fake.opened).toEqual(['https://example.com/job']);
      const prevented: string[] = [];
      for (const url of ['https://example.com/other', 'file:///etc/passwd', 'app://jobindex/jobs']) {
        contents.emit('will-navigate', { preventDefault: () => prevented.push(url) }, url);
      }
      expect(prevented).toEqual(['https://example.com/other', 'file:///etc/passwd']);
      expect(fake.opened).toEqual(['https://example.com/job', 'https://example.com/other']);
    });

    it('a second launch focuses the existing window instead of opening another', () => {
      fake.emitApp('second-instance');
      expect(fake.windows).toHaveLength(1);
    });

    it('remembers the window’s place when it closes, stops sync and closes the files on quit', async () => {
      fake.windows[0]!.events.emit('close');
      const prevented: boolean[] = [];
      fake.emitApp('before-quit', { preventDefault: () => prevented.push(true) });
      expect(prevented).toEqual([true]);
      await vi.waitFor(() => expect(fake.calls.at(-1)).toBe('quit'), POLL);
      // The quit that follows the stopped sync goes through.
      fake.emitApp('before-quit', { preventDefault: () => prevented.push(true) });
      expect(prevented).toEqual([true]);
      fake.emitApp('will-quit');
      const db = openUserDb(join(userData, 'user.sqlite'));
      expect(new Settings(db).get('window.state')).toEqual({
        x: 40,
        y: 50,
        width: 1000,
        height: 700,
        maximized: false,
      });
      db.close();
    });
  });

  describe('a second instance', () => {
    it('quits at once without touching the files', async () => {
      vi.resetModules();
      fake.state.lock = false;
      fake.state.userData = mkdtempSync(join(tmpdir(), 'jobindex-main-2-'));
      const before = { windows: fake.windows.length, handlers: fake.calls.filter((c) => c === 'whenReady').length };
      await loadMain();
      expect(fake.calls.at(-1)).toBe('quit');
      expect(fake.windows.length).toBe(before.windows);
      expect(fake.calls.filter((c) => c === 'whenReady').length).toBe(before.handlers);
      expect(existsSync(join(fake.state.userData, 'index.sqlite'))).toBe(false);
      rmSync(fake.state.userData, { recursive: true, force: true });
    });
  });
}
