// The desktop app's cold start, as far as a Node process can run it: process start → the main
// process as shipped (package.json "main": dist/app/start.js, which turns its compile cache on)
// loaded, with the index and the user's file open and its window asked for → the first
// JobsService.List answered on its IPC channel, as the renderer's first search would be.
// `app-child.js <app dir>`: a copy of the app whose node_modules/electron is
// test/helpers/fake-electron.ts (cold-runtimes.ts makes it), user data in JOBINDEX_FAKE_USER_DATA.
// Prints { mainMs, coldStartMs } (ms from process start) and exits: main keeps timers alive.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_URL } from '#shared/ipc/app-origin';
import { RPC_CHANNEL, type IpcRpcRequest, type IpcRpcResponse } from '#shared/ipc/rpc-message';
import type * as FakeElectron from '../../test/helpers/fake-electron.js';
import { LIST_PATH, listBody } from './list-body.js';
import { CASES } from './requests.js';

const appDir = process.argv[2];
if (!appDir) throw new Error('usage: app-child.js <app dir>');
const at = (file: string) => pathToFileURL(join(appDir, file)).href;
const { main } = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as { main: string };
// The same module instance main's `import 'electron'` resolves to.
const electron = (await import(at('node_modules/electron/index.js'))) as typeof FakeElectron;
await import(at(main));
const mainMs = performance.now();

const window = electron.windows[0];
if (!window) throw new Error('the main process opened no window');
const request: IpcRpcRequest = {
  path: LIST_PATH,
  headers: { 'content-type': 'application/json' },
  body: listBody(CASES[0]!.requests[0]!),
};
const sender = { sender: { id: window.webContents.id }, senderFrame: { url: APP_URL } };
const res = (await electron.ipc.get(RPC_CHANNEL)!(sender, request)) as IpcRpcResponse;
const coldStartMs = performance.now();
if (res.status !== 200) throw new Error(`List ${res.status}: ${Buffer.from(res.body).toString()}`);
process.stdout.write(`${JSON.stringify({ mainMs, coldStartMs })}\n`);
process.exit(0);
