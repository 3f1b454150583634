// A sync stopped by its upstream (issue 32): not "invalid request" (2), the person's fault, but an
// exit code of its own (7, README "The CLI") and a message naming the upstream and what it did.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../helpers/built-dist.js';

const run = promisify(execFile);

let dir: string;
const servers: Server[] = [];

/** An upstream on 127.0.0.1 answering every request with `status` and `body`. */
async function upstream(status: number, body: Buffer, contentType: string): Promise<string> {
  const server = createServer((_req, res) => res.writeHead(status, { 'content-type': contentType }).end(body));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function sync(url: string): Promise<{ code: number; stderr: string }> {
  const db = join(dir, `${servers.length}.sqlite`);
  const args = ['bin/jobindex.js', 'sync', '--upstream', url, '--db', db, '--retries', '0', '--no-snapshot'];
  const env = { ...process.env, XDG_CONFIG_HOME: join(dir, 'config') };
  return run(process.execPath, args, { cwd: root, env, timeout: 60_000 }).then(
    (r) => ({ code: 0, stderr: r.stderr }),
    (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
  );
}

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'jobindex-upstream-fault-'));
}, 300_000);
afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('jobindex sync against an upstream that misbehaves', { timeout: 120_000 }, () => {
  it('exits 7 naming the upstream when it answers bytes that are no answer', async () => {
    const url = await upstream(200, Buffer.from([0xff, 0xff, 0xff, 0x0f, 0x42, 0x13, 0x37]), 'application/proto');
    const r = await sync(url);
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toMatch(
      new RegExp(`^jobindex: sync from ${url} stopped: the upstream .+; run the same command again to resume\\n$`),
    );
    expect(r.stderr).not.toMatch(/invalid request/);
  });

  it('exits 7 naming the upstream and its error when it answers 500', async () => {
    const url = await upstream(
      500,
      Buffer.from('{"code":"internal","message":"database on fire"}'),
      'application/json',
    );
    const r = await sync(url);
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toMatch(
      new RegExp(`^jobindex: sync from ${url} stopped: the upstream answered an error .*database on fire`),
    );
  });

  it('exits 7 when the upstream cannot be reached', async () => {
    const url = await upstream(200, Buffer.alloc(0), 'application/proto');
    await new Promise((r) => servers.pop()!.close(r));
    const r = await sync(url);
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toMatch(new RegExp(`^jobindex: sync from ${url} stopped: the upstream could not be reached`));
  });
});
