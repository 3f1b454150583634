import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with one request: pass it on, answer an error or a 200 of its own instead,
 * delay, drop, or rewrite the upstream's body (told the request's body too).
 */
export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  | { kind: 'answer'; body: (request: Buffer) => Buffer }
  | { kind: 'delay'; ms: number }
  | { kind: 'drop' }
  | { kind: 'rewrite'; body: (bytes: Buffer, request: Buffer) => Buffer };

export interface Seen {
  path: string;
  /** The request body (base64): tells one Get from another. */
  body: string;
  at: number;
  fault?: Fault['kind'];
}

export type Plan = (path: string, n: number, request: Buffer) => Fault | undefined;

/**
 * A loopback proxy in front of the upstream that injects faults: the plan is asked for the n-th
 * request (0-based) to each path and returns a fault or undefined to pass the request on.
 * `setPlan` starts counting and recording afresh (the URL, the upstream's identity, stays).
 */
export async function startFaultProxy(target: string) {
  let counts = new Map<string, number>();
  let seen: Seen[] = [];
  let plan: Plan = () => undefined;
  const forward = (
    req: http.IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      // A fresh connection each time: a kept-alive one the upstream has just closed would fail
      // the request ("socket hang up") for a reason that is not one of the test's faults.
      const out = http.request(
        new URL(req.url!, target),
        { method: req.method, headers: { ...req.headers, host: new URL(target).host }, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = req.url!;
      const n = counts.get(path) ?? 0;
      counts.set(path, n + 1);
      const sent = Buffer.concat(chunks);
      const fault = plan(path, n, sent);
      seen.push({
        path,
        body: sent.toString('base64'),
        at: performance.now(),
        ...(fault ? { fault: fault.kind } : {}),
      });
      if (fault?.kind === 'status') {
        res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
        return void res.end(
          JSON.stringify({ code: fault.status === 429 ? 'resource_exhausted' : 'unavailable', message: 'injected' }),
        );
      }
      if (fault?.kind === 'answer') {
        const body = fault.body(sent);
        res.writeHead(200, { 'content-type': 'application/proto', 'content-length': String(body.length) });
        return void res.end(body);
      }
      if (fault?.kind === 'delay') await new Promise((r) => setTimeout(r, fault.ms));
      const up = await forward(req, sent).catch((e: Error) => {
        // As a real proxy would: the client sees a 502 (and retries it), not a test crash.
        return {
          status: 502,
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ code: 'unavailable', message: e.message })),
        };
      });
      if (res.destroyed) return;
      let body = up.body;
      if (fault?.kind === 'rewrite' && up.status === 200) body = fault.body(body, sent);
      const headers = { ...up.headers, 'content-length': String(body.length) };
      if (fault?.kind === 'drop') {
        // Headers and half the body, then the connection goes away.
        res.writeHead(up.status, headers);
        res.write(body.subarray(0, body.length >> 1));
        return void setTimeout(() => res.socket?.destroy(), 5);
      }
      res.writeHead(up.status, headers);
      res.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setPlan(p: Plan): Seen[] {
      plan = p;
      counts = new Map();
      seen = [];
      return seen;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
