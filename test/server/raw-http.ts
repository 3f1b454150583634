import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parse(buf: Buffer): RawResponse | undefined {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = buf.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  const len = Number(headers['content-length'] ?? 0);
  if (buf.length < end + 4 + len) return undefined;
  return {
    status: Number(statusLine!.split(' ')[1]),
    headers,
    body: buf.subarray(end + 4, end + 4 + len).toString('utf8'),
  };
}

/**
 * Writes raw bytes on a fresh connection and resolves with the first response, whether or not
 * the server read everything sent: what a client sending a lying or endless body would see.
 */
export function rawExchange(url: string, write: (s: Socket) => void): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const s = connect(Number(port), hostname, () => write(s));
    let buf = Buffer.alloc(0);
    s.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      const r = parse(buf);
      if (r) {
        s.destroy();
        resolve(r);
      }
    });
    s.on('error', (e) => (parse(buf) ? undefined : reject(e)));
    s.on('close', () => reject(new Error(`connection closed without a full response: ${buf.toString('latin1')}`)));
    s.setTimeout(10_000, () => s.destroy(new Error('no response within 10 s')));
  });
}
