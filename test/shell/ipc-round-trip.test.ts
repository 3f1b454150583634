import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { BRIDGE_KEY, OPEN_SEARCH_CHANNEL, type JobIndexBridge } from '#shared/ipc/bridge';
import type { IpcRpcResponse } from '#shared/ipc/rpc-message';
import { createRpcIpcHandler } from '../../electron/shell/ipc/rpc-ipc-handler.js';
import { isTrustedSender, type IpcSender } from '../../electron/shell/ipc/trusted-sender.js';
import { handlersOf as appHandlers } from '#service/open-service';
import { indexRoutes } from '#service/index-services/routes';
import { createTransport } from '../../renderer/platform/transport.electron.js';
import { openFixture } from '../helpers/fixture.js';
import { preloadOverIpc } from './preload-sandbox.js';

// The whole path a renderer request takes in the app: the renderer's Connect client and its
// transport → the preload's bridge → the IPC channel (structured clone, as Electron copies
// messages) → main's sender check and the app's router → and back.

const h = openFixture();
const handlers = appHandlers([indexRoutes(h.ctx)]);
const OUR_WINDOW = 7;
const main = createRpcIpcHandler(handlers, (e) => isTrustedSender(e, new Set([OUR_WINDOW])));

/** Who main sees as the sender of the next message (the tests play other pages too). */
let sender: IpcSender;
const received: unknown[] = [];
const fromMain = new Map<string, Array<(event: unknown, ...args: unknown[]) => void>>();
const exposed = preloadOverIpc(
  main,
  () => sender,
  (m) => received.push(m),
  fromMain,
);
const bridge = exposed[BRIDGE_KEY] as JobIndexBridge;
(globalThis as Record<string, unknown>)[BRIDGE_KEY] = bridge;
afterAll(() => {
  delete (globalThis as Record<string, unknown>)[BRIDGE_KEY];
  h.close();
});

const jobs = createClient(JobsService, createTransport());
const meta = createClient(MetaService, createTransport());
const ourPage: IpcSender = { sender: { id: OUR_WINDOW }, senderFrame: { url: 'app://jobindex/index.html' } };

async function connectError(call: Promise<unknown>): Promise<ConnectError> {
  const e = await call.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ConnectError);
  return e as ConnectError;
}

beforeEach(() => {
  sender = ourPage;
  received.length = 0;
});

describe('the preload', () => {
  it('exposes one name with a request and one event, and requires nothing but electron', () => {
    expect(Object.keys(exposed)).toEqual([BRIDGE_KEY]);
    expect(Object.keys(bridge)).toEqual(['request', 'onOpenSearch']);
    expect(typeof bridge.request).toBe('function');
  });

  it('hands the page only the saved search id when main says a search alert was clicked', () => {
    const ids: unknown[][] = [];
    bridge.onOpenSearch((...args) => ids.push(args));
    const sendFromMain = (...args: unknown[]) =>
      fromMain.get(OPEN_SEARCH_CHANNEL)?.forEach((f) => f({ sender: 'main-only' }, ...structuredClone(args)));
    sendFromMain('s-42');
    expect(ids).toEqual([['s-42']]);
  });

  it('sends only path, headers and body on the channel, whatever else the page passes', async () => {
    const body = new TextEncoder().encode('{}');
    await bridge.request({
      path: '/svc.meta.v1.MetaService/GetInfo',
      headers: { 'content-type': 'application/json' },
      body,
      extra: 'x',
    } as never);
    expect(received).toHaveLength(1);
    expect(Object.keys(received[0] as object).sort()).toEqual(['body', 'headers', 'path']);
  });
});

describe('renderer Connect client over IPC', () => {
  it('answers a search exactly as the router does in process', async () => {
    const request = { query: { query: 'engineer', filters: { country: 'US' }, limit: 10 } };
    const overIpc = await jobs.list(request);
    const direct = await h.jobs.list(request);
    expect(overIpc.data.length).toBe(10);
    expect(overIpc.data.map((j) => j.id)).toEqual(direct.data.map((j) => j.id));
    expect(overIpc.pagination?.nextCursor).toBe(direct.pagination?.nextCursor);
    const page2 = (cursor: string | undefined) => ({ query: { ...request.query, cursor } });
    const next = await jobs.list(page2(overIpc.pagination?.nextCursor));
    expect(next.data.map((j) => j.id)).toEqual(
      (await h.jobs.list(page2(direct.pagination?.nextCursor))).data.map((j) => j.id),
    );
    expect(next.data[0]?.id).not.toBe(overIpc.data[0]?.id);
    expect(received.length).toBe(2);
  });

  it('answers MetaService', async () => {
    const info = await meta.getInfo({});
    expect(info.jobCount).toBe((await h.meta.getInfo({})).jobCount);
    expect(info.jobCount).toBeGreaterThan(0);
  });

  it('gives the router’s Connect errors to the client: invalid_argument naming the field', async () => {
    const e = await connectError(jobs.list({ query: { filters: { country: 'ZZ' } } }));
    expect(e.code).toBe(Code.InvalidArgument);
    expect(e.rawMessage).toContain('query.filters.country');
  });

  it('gives not_found for a job that does not exist', async () => {
    const e = await connectError(jobs.get({ id: '00000000-0000-4000-8000-000000000000' }));
    expect(e.code).toBe(Code.NotFound);
  });

  it('answers an unknown method not_found, naming it', async () => {
    const res = await bridge.request({
      path: '/svc.jobs.v1.JobsService/Teleport',
      headers: {},
      body: new Uint8Array(),
    });
    expect(res.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(res.body))).toEqual({
      code: 'not_found',
      message: 'no such method: /svc.jobs.v1.JobsService/Teleport',
    });
  });

  it('stops waiting when the call is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const e = await connectError(jobs.list({ query: {} }, { signal: controller.signal }));
    expect(e.code).toBe(Code.Canceled);
  });
});

describe('main refuses what is not our renderer', () => {
  const refused = async (who: IpcSender) => {
    sender = who;
    const e = await connectError(jobs.list({ query: {} }));
    expect(e.code).toBe(Code.PermissionDenied);
    return e;
  };

  it('a page on another origin in our window', async () => {
    const e = await refused({ sender: { id: OUR_WINDOW }, senderFrame: { url: 'https://evil.example/app' } });
    expect(e.rawMessage).toContain('https://evil.example/app');
  });

  it('a file: page, a frame that is gone, and web contents main did not create', async () => {
    await refused({ sender: { id: OUR_WINDOW }, senderFrame: { url: 'file:///tmp/index.html' } });
    await refused({ sender: { id: OUR_WINDOW }, senderFrame: null });
    await refused({ sender: { id: OUR_WINDOW + 1 }, senderFrame: { url: 'app://jobindex/index.html' } });
    await refused({ sender: { id: OUR_WINDOW }, senderFrame: { url: 'app://elsewhere/index.html' } });
  });

  it('a malformed message, with the field it got wrong', async () => {
    const cases: Array<[unknown, string]> = [
      ['hello', 'request'],
      [{ path: 'nope', headers: {}, body: new Uint8Array() }, 'request.path'],
      [{ path: '/svc.meta.v1.MetaService/GetInfo', headers: [], body: new Uint8Array() }, 'request.headers'],
      [
        { path: '/svc.meta.v1.MetaService/GetInfo', headers: { 'content-type': 1 }, body: new Uint8Array() },
        'request.headers.content-type',
      ],
      [{ path: '/svc.meta.v1.MetaService/GetInfo', headers: {}, body: '{}' }, 'request.body'],
    ];
    for (const [message, field] of cases) {
      const res: IpcRpcResponse = await main(ourPage, message);
      expect(res.status).toBe(400);
      const body = JSON.parse(new TextDecoder().decode(res.body)) as { code: string; message: string };
      expect(body.code).toBe('invalid_argument');
      expect(body.message.startsWith(`${field}: `)).toBe(true);
    }
  });
});
