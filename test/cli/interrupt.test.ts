// Ctrl-C in `jobindex sync` / `jobindex crawl` while a request hangs: the run stops at once with
// exit 130 and says how to resume, and the index file is left as it was (openable, no writer noted).
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../helpers/built-dist.js';
import { tempIndex } from '../service/crawl/crawl-harness.js';

/** A server that takes every request and never answers it, so the run is mid-request when stopped. */
function hangingServer(): Promise<{ server: Server; url: string; asked: Promise<void> }> {
  let seen!: () => void;
  const asked = new Promise<void>((r) => (seen = r));
  const server = createServer(() => seen());
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked }),
    ),
  );
}

async function interrupt(args: (url: string) => string[]): Promise<{ code: number | null; stderr: string }> {
  const { server, url, asked } = await hangingServer();
  try {
    const child = spawn(process.execPath, ['bin/jobindex.js', ...args(url)], { cwd: root });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    await asked;
    child.kill('SIGINT');
    return { code: await exited, stderr };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('stopping a run that writes the index', { timeout: 120_000 }, () => {
  const idx = tempIndex();
  beforeAll(() => ensureBuilt(), 300_000);
  afterAll(() => idx.cleanup());

  it('crawl: Ctrl-C mid-request exits 130 and says to run it again', async () => {
    const r = await interrupt((url) => [
      'crawl',
      '--db',
      idx.file,
      '--board',
      'greenhouse:acme',
      '--api-base',
      `greenhouse=${url}`,
    ]);
    expect(r.stderr).toContain('jobindex: crawl interrupted; run the same command again to resume');
    expect(r.code).toBe(130);
  });

  it('sync: Ctrl-C mid-request exits 130 and says to run it again', async () => {
    const r = await interrupt((url) => [
      'sync',
      '--db',
      idx.file,
      '--upstream',
      url,
      '--no-snapshot',
      '--retries',
      '0',
    ]);
    expect(r.stderr).toContain('jobindex: sync interrupted; run the same command again to resume');
    expect(r.code).toBe(130);
  });
});
