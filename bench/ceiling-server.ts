// The ceiling for `npm run bench:serve`: a bare node:http server that reads the request body
// and answers the response bytes `jobindex serve` gave for that exact request, with no routing,
// validation or SQLite. Run as its own process (like the real server): node ceiling-server.js FILE
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Canned {
  path: string;
  body: string;
  contentType: string;
  response: string;
}

const canned = new Map<string, Canned>();
for (const c of JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Canned[]) canned.set(`${c.path} ${c.body}`, c);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const c = canned.get(`${req.url} ${Buffer.concat(chunks).toString('utf8')}`);
    if (!c) {
      res.writeHead(404).end();
      return;
    }
    const body = Buffer.from(c.response, 'utf8');
    res.writeHead(200, { 'content-type': c.contentType, 'content-length': String(body.length) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`Listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`),
);
process.once('SIGTERM', () => server.close(() => process.exit(0)));
