import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';

/** What one greenhouse board answers. */
export type HostileAnswer =
  /** A JSON body as it is. */
  | { kind: 'json'; body: string }
  /** `{"jobs":[` then `bytes` of spaces, made as the client reads (never held), gzipped or not. */
  | { kind: 'endless'; bytes: number; gzip: boolean }
  /** A redirect to `location`. */
  | { kind: 'redirect'; location: string };

/**
 * A hostile ATS platform on 127.0.0.1: greenhouse's listing path, each board answering as set.
 * Endless bodies are generated only as fast as the client reads them, so a client that stops at
 * its limit costs this server (and the test) little.
 */
export class HostileServer {
  private readonly answers = new Map<string, HostileAnswer>();
  /** Paths requested, in order. */
  readonly requests: string[] = [];
  /** Bytes of body this server wrote, per board (before gzip). */
  readonly written = new Map<string, number>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<HostileServer> {
    const server = createServer((req, res) => self.answer(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const self = new HostileServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  set(token: string, answer: HostileAnswer): void {
    this.answers.set(token, answer);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    this.requests.push(req.url ?? '');
    const token = /^\/v1\/boards\/([^/]+)\/jobs$/.exec(path)?.[1];
    const a = token ? this.answers.get(decodeURIComponent(token)) : undefined;
    if (!a) {
      res.writeHead(404).end('{}');
      return;
    }
    if (a.kind === 'redirect') {
      res.writeHead(302, { location: a.location }).end();
      return;
    }
    if (a.kind === 'json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(a.body);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', ...(a.gzip ? { 'content-encoding': 'gzip' } : {}) });
    const out = a.gzip ? createGzip({ level: 1 }) : res;
    if (a.gzip) out.pipe(res);
    const chunk = Buffer.alloc(1 << 20, 0x20);
    let sent = 0;
    let closed = false;
    res.on('close', () => {
      closed = true;
      if (a.gzip) out.destroy();
    });
    const pump = (): void => {
      while (!closed && sent < a.bytes) {
        sent += chunk.length;
        this.written.set(token!, sent);
        if (!out.write(chunk)) return void out.once('drain', pump);
      }
      if (!closed) out.end(']}');
    };
    out.write('{"jobs":[');
    pump();
  }
}
