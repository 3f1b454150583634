import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { universalRequestFromNodeRequest, universalResponseToNodeResponse } from '@connectrpc/connect-node';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { jsonLogger, type Logger } from '#service/logging/logger';
import type { OnUnexpected } from '#service/rpc/unexpected-errors';
import type { WireAnswer } from '#service/rpc/connect-error';
import { decodeContent, PayloadTooLarge, RequestRefused } from '#service/rpc/request-body';
import { FieldError } from '#shared/rules/field-error';
import type { ErrorCode } from '#shared/rules/error-codes';
import { readLimitedBody } from './body-limit.js';
import { errorAnswer, pathKind, writeError, type ErrorAnswer, type PathKind } from './error-answer.js';
import { requestIdFor } from './request-id.js';
import type { RestHandler } from './rest-handler.js';
import type { StaticFiles } from './static-files.js';
import type { RequestGuard } from './request-guard.js';
import { ResponseCache, type CachedAnswer, type Claim } from './response-cache.js';
import { WorkerGone, type ReadPool } from './read-pool.js';
import type { LoadShedder } from './load-shed.js';
import { TurnQueue } from './turn-queue.js';
import { ensureHost, requestPath } from './request-target.js';

export interface HttpServerOptions {
  /** The RPC handlers by path (`createHandlers(...)`). */
  handlers: Map<string, UniversalHandler>;
  /** The `/v1/...` endpoints; without it every `/v1/` path is 404. */
  rest?: RestHandler;
  /** The built UI, for GET/HEAD on paths that are neither RPC nor `/v1/` (`serve --ui`). */
  ui?: StaticFiles;
  /** The snapshot folder under `/snapshot/` (`serve --snapshots`, snapshot-files.ts). */
  snapshots?: StaticFiles;
  /** Answer every request 503 `service_unavailable`, with `Retry-After` in seconds. */
  maintenance?: boolean;
  retryAfterSeconds?: number;
  /** Runs once the server has stopped and the last request finished (closes the database). */
  onClosed?: () => void;
  /** One line per request (id, method, path, status, ms) and every unexpected error with its stack (default: errors only, to stderr). */
  log?: Logger;
  /** Answers kept by request bytes, for the paths `cacheable` accepts (read-only RPCs). */
  cache?: { answers: ResponseCache; cacheable: (path: string) => boolean };
  /** Refuses foreign Host and Origin headers (browser mode: the user's data is served). */
  guard?: RequestGuard;
  /** Answers RPCs 503 with Retry-After when the server cannot keep up (load-shed.ts). */
  shed?: LoadShedder;
  /** Read workers (`serve --workers N`) for the paths `handles` accepts; the rest run on this thread. */
  pool?: { workers: ReadPool; handles: (path: string) => boolean };
}

export interface HttpServer {
  server: Server;
  /** Listens and resolves with the base URL, e.g. `http://127.0.0.1:8080`. */
  listen(port: number, host: string): Promise<string>;
  /** Stops accepting, lets in-flight requests finish, then runs `onClosed`. */
  close(): Promise<void>;
}

/** Lets a stuck client not hold shutdown forever. */
const DRAIN_TIMEOUT_MS = 30_000;

class Answered extends Error {}

/** Writes an error answer straight to a socket Node has not wrapped in a response, and closes it. */
function endRaw(socket: Duplex, a: WireAnswer, requestId: string): void {
  const lines = Object.entries({ ...a.headers, 'X-Request-ID': requestId, Connection: 'close' }).map(
    ([k, v]) => `${k}: ${v}\r\n`,
  );
  socket.end(
    Buffer.concat([
      Buffer.from(`HTTP/1.1 ${a.status} ${STATUS_CODES[a.status]}\r\n${lines.join('')}\r\n`, 'latin1'),
      a.body,
    ]),
  );
}

export function createHttpServer(opts: HttpServerOptions): HttpServer {
  const log = opts.log ?? jsonLogger('jobindex serve', { level: 'error' });
  let closing = false;
  const queue = new TurnQueue();

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    path: string,
    kind: PathKind,
    arrivedAt: number,
    claimed: { claim?: Claim },
  ) {
    function fail(code: ErrorCode, message: string, headers?: Record<string, string>): never {
      // Refreshing a stale answer: that answer, while it may still be given, rather than the failure.
      const stale = claimed.claim?.settle(undefined);
      if (stale) writeAnswer(res, stale);
      else writeError(res, kind, path, requestId, { code, message, ...(headers ? { headers } : {}) });
      throw new Answered();
    }
    // The body is only read (up to the limit) once the path and method are known to be good.
    const body = async () => {
      try {
        return await readLimitedBody(req);
      } catch (e) {
        if (!(e instanceof PayloadTooLarge)) throw e;
        // The rest of the body is never read: close the connection rather than drain it.
        fail('payload_too_large', e.message, { Connection: 'close' });
      }
    };

    // A REST body with its Content-Encoding undone, as the RPC router does for RPC bodies.
    const decoded = async (bytes: Uint8Array) => {
      try {
        return await decodeContent(headerValue(req, 'content-encoding') ?? null, bytes);
      } catch (e) {
        if (e instanceof RequestRefused) fail(e.code, e.message);
        if (e instanceof FieldError) fail('invalid_request', e.message);
        throw e;
      }
    };

    const refused = opts.guard?.refusal(req);
    if (refused) fail('forbidden', refused);
    if (opts.maintenance) {
      fail('service_unavailable', 'the service is in maintenance; try again later', {
        'Retry-After': String(opts.retryAfterSeconds ?? 60),
      });
    }
    if (kind === 'rest') {
      // The limit holds for every /v1/ path, known or not: the body is read before routing.
      const bytes = await decoded(await body());
      if (!opts.rest) fail('not_found', `no such endpoint: ${path}`);
      const answer = await opts.rest({
        method: req.method ?? 'GET',
        path,
        headers: headersOf(req),
        body: bytes,
        requestId,
        remoteAddress: req.socket.remoteAddress ?? '',
      });
      if (!answer) fail('not_found', `no such endpoint: ${path}`);
      const out = answer.body ?? '';
      res.writeHead(answer.status, { 'Content-Length': String(Buffer.byteLength(out)), ...answer.headers });
      res.end(out);
      return;
    }
    if (kind === 'other' && opts.snapshots?.(req, res, path)) return;
    if (kind === 'other' && opts.ui?.(req, res, path)) return;
    const h = opts.handlers.get(path);
    if (!h) fail('not_found', kind === 'rpc' ? `no such method: ${path}` : `nothing at ${path}`);
    if (req.method !== 'POST') fail('method_not_allowed', `${req.method} is not allowed; use POST`, { Allow: 'POST' });
    const cache = opts.cache?.cacheable(path) ? opts.cache.answers : undefined;
    let bytes: Uint8Array | undefined;
    let key: string | undefined;
    if (cache) {
      // A kept answer (fresh, or stale while another request refreshes it) costs no query: it is
      // written before admission, so a burst of them is never shed.
      bytes = await body();
      key = ResponseCache.keyOf(path, (name) => headerValue(req, name), bytes);
      const found = cache.lookup(key);
      if (found.kind === 'answer') return writeAnswer(res, found.answer);
      if (found.kind === 'follow') {
        const same = await found.answer;
        if (same) return writeAnswer(res, same);
      } else claimed.claim = found.claim;
    }
    const pooled = opts.pool?.handles(path) ? opts.pool.workers : undefined;
    const shed = opts.shed;
    if (shed) {
      const busy = shed.admit((pooled ?? queue).expectedWaitMs());
      if (busy) fail('service_unavailable', busy, shed.retryAfter());
      res.once('close', () => shed.release());
    }
    bytes ??= await body();
    // The router's onUnexpected hook sees only headers: give it the id even when generated.
    req.headers['x-request-id'] = requestId;
    ensureHost(req);
    let answer: CachedAnswer;
    if (pooled) {
      const lease = await pooled.lease();
      try {
        const late = shed?.overdue(arrivedAt);
        if (late) fail('service_unavailable', late, shed!.retryAfter());
        answer = await lease.run({
          path,
          url: `http://${req.headers.host}${req.url ?? path}`,
          headers: headersRecord(req),
          body: bytes,
        });
      } catch (e) {
        if (e instanceof WorkerGone)
          fail('service_unavailable', e.message, shed?.retryAfter() ?? { 'Retry-After': '1' });
        throw e;
      } finally {
        lease.release();
      }
      if (answer.status === 500) fail('internal_error', 'internal error');
    } else {
      await queue.turn();
      const late = shed?.overdue(arrivedAt);
      if (late) fail('service_unavailable', late, shed!.retryAfter());
      const ureq = universalRequestFromNodeRequest(req, res, undefined, undefined);
      const sent = bytes;
      const ures = await h({
        ...ureq,
        body: (async function* () {
          yield sent;
        })(),
      });
      // Connect answers a throwing service 500 `internal`; the spec's code is `internal_error`. The
      // exception itself was logged by the router's onUnexpected hook (see logUnexpected).
      if (ures.status === 500) fail('internal_error', 'internal error');
      if (!key) return universalResponseToNodeResponse(ures, res);
      const chunks: Uint8Array[] = [];
      if (ures.body) for await (const c of ures.body) chunks.push(c);
      const headers: Record<string, string> = {};
      ures.header?.forEach((v, k) => (headers[k] = v));
      answer = { status: ures.status, headers, body: Buffer.concat(chunks) };
    }
    writeAnswer(res, claimed.claim?.settle(answer) ?? answer);
  }

  /** Runs `handle`; a request refreshing a stale answer writes that answer rather than failing (response-cache.ts). */
  async function handleRefreshing(
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    path: string,
    kind: PathKind,
    arrivedAt: number,
  ) {
    const claimed: { claim?: Claim } = {};
    try {
      await handle(req, res, requestId, path, kind, arrivedAt, claimed);
    } catch (e) {
      const stale = e instanceof Answered || res.headersSent ? undefined : claimed.claim?.settle(undefined);
      if (!stale) throw e;
      logServerError(log, requestId, { method: req.method, path }, e);
      writeAnswer(res, stale);
    } finally {
      claimed.claim?.settle(undefined);
    }
  }

  // Node's own 400 for a missing Host has no body and no request id: we answer it (below).
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    const started = performance.now();
    const requestId = requestIdFor(req.headers['x-request-id']);
    res.setHeader('X-Request-ID', requestId);
    // While draining, tell keep-alive clients to go so the last connection can close.
    if (closing) res.setHeader('Connection', 'close');
    // A request in flight when close() began leaves an idle keep-alive connection; drop it.
    res.once('finish', () => closing && server.closeIdleConnections());
    const path = requestPath(req.url);
    // The access line, once the answer is sent or the client went away (`finished: false`).
    res.once('close', () =>
      log.info(
        {
          reqId: requestId,
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
          finished: res.writableFinished,
        },
        'request',
      ),
    );
    const kind = pathKind(path);
    if (!req.headers.host && (req.httpVersionMajor > 1 || req.httpVersionMinor >= 1)) {
      return writeError(res, kind, path, requestId, {
        code: 'invalid_request',
        message: 'an HTTP/1.1 request must carry a Host header',
      });
    }
    handleRefreshing(req, res, requestId, path, kind, started).catch((e: unknown) => {
      if (e instanceof Answered) return;
      logServerError(log, requestId, { method: req.method, path }, e);
      if (res.headersSent) res.destroy();
      else writeError(res, kind, path, requestId, { code: 'internal_error', message: 'internal error' });
    });
  });
  // A client that sends its request and half-closes (HTTP/1.0 tools, `sock.end(request)`) still
  // gets the answer: by default Node drops a request whose socket ended before the answer was
  // written, which a query on a read worker (a few ms away) always is (serve-workers.md).
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  // Bad HTTP (headers over Node's 16 KiB, a broken request line) never reaches the handler:
  // answer it here, in the path's error format, with a request id all the same.
  server.on('clientError', (e: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    if (!socket.writable || e.code === 'ECONNRESET') return socket.destroy();
    const head = e.rawPacket?.toString('latin1') ?? '';
    const path = requestPath(/^[A-Z]+ (\S+)/.exec(head)?.[1]);
    const requestId = requestIdFor(/\r\nx-request-id:[ \t]*([^\r\n]*?)[ \t]*\r\n/i.exec(head)?.[1]);
    const why: ErrorAnswer =
      e.code === 'HPE_HEADER_OVERFLOW'
        ? { code: 'headers_too_large', message: 'the request headers exceed 16 KiB' }
        : e.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? { code: 'request_timeout', message: 'the request did not arrive in time' }
          : { code: 'invalid_request', message: `not a valid HTTP request (${e.code ?? e.message})` };
    const a = errorAnswer(pathKind(path), path, requestId, why);
    endRaw(socket, a, requestId);
  });
  // CONNECT (a proxy tunnel) is no method of ours; without this Node drops the socket unanswered.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const requestId = requestIdFor(req.headers['x-request-id']);
    const a = errorAnswer('other', req.url ?? '/', requestId, {
      code: 'method_not_allowed',
      message: 'CONNECT is not allowed',
    });
    endRaw(socket, a, requestId);
  });

  let closed: Promise<void> | undefined;
  return {
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const a = server.address() as AddressInfo;
          opts.guard?.bound(host);
          opts.guard?.bound(a.address);
          resolve(`http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`);
        });
      }),
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        closing = true;
        const timer = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS).unref();
        // Idle keep-alive connections would hold close() open; busy ones close once they finish.
        server.close(() => {
          clearTimeout(timer);
          opts.onClosed?.();
          resolve();
        });
        server.closeIdleConnections();
      })),
  };
}

function writeAnswer(res: ServerResponse, a: CachedAnswer): void {
  res.writeHead(a.status, { ...a.headers, 'Content-Length': String(a.body.byteLength) });
  res.end(a.body);
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

/** The request's headers as one string each (repeated ones joined), for a read worker. */
function headersRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function headersOf(req: IncomingMessage): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) h.append(k, one);
  }
  return h;
}

/** The one place a failure answered 500 is logged: its request id, where it happened, and the stack. */
export function logServerError(
  log: Logger,
  requestId: string,
  where: { method?: string; path?: string; in?: string },
  e: unknown,
): void {
  log.error({ reqId: requestId, ...where, err: e }, 'unexpected error');
}

/** The router hook (`createHandlers(routes, { onUnexpected })`) logging a service's exception. */
export function logUnexpected(log: Logger): OnUnexpected {
  return (e, header) => logServerError(log, header.get('x-request-id') ?? '-', { in: 'a service' }, e);
}
