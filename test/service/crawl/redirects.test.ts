// A board whose platform answers with a redirect (issue 32 item 7): followed only within the
// platform's own hosts and the host --api-base names; never to loopback, private or link-local
// addresses the crawl was not pointed at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlBoards } from '#service/crawl/crawl-boards';
import { greenhouse } from '../../../electron/service/crawl/platforms/greenhouse.js';
import { redirectRule } from '../../../electron/service/crawl/redirect-rule.js';
import { probeBoard } from '../../../electron/service/user-services/board-probe.js';
import { FAST_RETRY, fixture, readJobs, tempIndex } from './crawl-harness.js';
import { HostileServer } from './hostile-server.js';

describe('redirects from a board', { timeout: 60_000 }, () => {
  let platform: HostileServer;
  let inside: HostileServer;
  const idx = tempIndex();

  beforeAll(async () => {
    platform = await HostileServer.start();
    // Another service on this machine the crawler must not be sent to.
    inside = await HostileServer.start();
    inside.set('secret', { kind: 'json', body: fixture('greenhouse-acme.json') });
    platform.set('good', { kind: 'json', body: fixture('greenhouse-acme.json') });
    platform.set('moved', { kind: 'redirect', location: '/v1/boards/good/jobs?content=true' });
    platform.set('sneaky', { kind: 'redirect', location: `${inside.url}/v1/boards/secret/jobs` });
    platform.set('metadata', { kind: 'redirect', location: 'http://169.254.169.254/latest/meta-data/' });
    platform.set('loop', { kind: 'redirect', location: '/v1/boards/loop/jobs?content=true' });
  });
  afterAll(async () => {
    await platform.close();
    await inside.close();
    idx.cleanup();
  });

  it('follows a redirect within the host --api-base names, refuses one to another local service', async () => {
    const r = await crawlBoards({
      indexFile: idx.file,
      boards: ['moved', 'sneaky', 'metadata'].map((token) => ({ platform: 'greenhouse' as const, token })),
      apiBase: { greenhouse: platform.url },
      retry: FAST_RETRY,
      mapThreads: 0,
    });
    const by = new Map(r.boards.map((b) => [b.board.token, b]));
    expect(by.get('moved')).toMatchObject({ state: 'ok', added: 2 });
    expect(by.get('sneaky')).toMatchObject({ state: 'error', added: 0 });
    expect(by.get('sneaky')!.error).toMatch(
      /^HTTP 302 redirect to http:\/\/127\.0\.0\.1:\d+ not followed: a loopback, private or link-local address$/,
    );
    expect(by.get('metadata')!.error).toMatch(/redirect to http:\/\/169\.254\.169\.254 not followed/);
    expect(inside.requests).toEqual([]);
    // Only the good board's two postings were indexed (under the board that redirected within its host).
    expect(readJobs(idx.file).filter((j) => j.source_type === 'ats')).toHaveLength(2);
  });

  it("the platform's own hosts are followed, any other host is not", () => {
    const rule = redirectRule(greenhouse, { platform: 'greenhouse', token: 'acme' }, undefined);
    expect(rule(new URL('https://job-boards.greenhouse.io/acme'))).toBeUndefined();
    expect(rule(new URL('https://boards-api.greenhouse.io/v1/boards/acme2/jobs'))).toBeUndefined();
    expect(rule(new URL('https://evil.example/jobs'))).toMatch(/not a host of greenhouse/);
    expect(rule(new URL('https://greenhouse.io.evil.example/'))).toMatch(/not a host of greenhouse/);
    for (const u of [
      'http://127.0.0.1:8080/secret',
      'http://10.1.2.3/',
      'http://192.168.0.1/',
      'http://[::1]/',
      'http://[fe80::1]/',
      'http://localhost/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect(rule(new URL(u)), u).toMatch(/loopback, private or link-local/);
    }
    expect(rule(new URL('file:///etc/passwd'))).toMatch(/not an http\(s\) URL/);
  });

  it('following a board probes it under the same rule: no other local service, at most 5 hops', async () => {
    const apiBase = { greenhouse: platform.url };
    const good = await probeBoard({ platform: 'greenhouse', token: 'good' }, { apiBase });
    expect(good).toBeGreaterThan(0);
    expect(await probeBoard({ platform: 'greenhouse', token: 'moved' }, { apiBase })).toBe(good);
    // Refused, not read: "not this board".
    expect(await probeBoard({ platform: 'greenhouse', token: 'sneaky' }, { apiBase })).toBeUndefined();
    expect(await probeBoard({ platform: 'greenhouse', token: 'metadata' }, { apiBase })).toBeUndefined();
    expect(inside.requests).toEqual([]);
    const before = platform.requests.length;
    expect(await probeBoard({ platform: 'greenhouse', token: 'loop' }, { apiBase })).toBeUndefined();
    // The first ask and five redirects followed; the sixth is not.
    expect(platform.requests.length - before).toBe(6);
  });
});
