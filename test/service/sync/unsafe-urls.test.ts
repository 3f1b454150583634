// Issue 17 item 5: an upstream sending `javascript:`, `data:`, scheme-relative and entity-encoded
// links. Sync keeps only http(s) URLs, counts each drop, and the local API answers them as unknown.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListResponseSchema as CompanyListSchema } from '#shared/gen/svc/companies/v1/companies_pb';
import { GetResponseSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { safeHttpUrl } from '#shared/rules/safe-url';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { syncIndex } from '#service/sync/sync-index';
import { startFaultProxy } from './fault-proxy.js';
import { localClients, startUpstream, type Upstream } from './sync-harness.js';

const GET = '/svc.jobs.v1.JobsService/Get';
const COMPANIES = '/svc.companies.v1.CompaniesService/List';

const HOSTILE = [
  'javascript:alert(1)',
  ' JavaScript:alert(1)',
  'java\tscript:alert(1)',
  'javascript&colon;alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/x',
  'https:evil.example',
  '/relative/path',
];

describe('safeHttpUrl', () => {
  it('keeps absolute http and https URLs, and nothing else', () => {
    expect(safeHttpUrl('https://jobs.lever.co/acme/1')).toBe('https://jobs.lever.co/acme/1');
    expect(safeHttpUrl(' http://example.com/a?b=c#d ')).toBe('http://example.com/a?b=c#d');
    expect(safeHttpUrl('HTTPS://Example.com')).toBe('HTTPS://Example.com');
    for (const bad of [...HOSTILE, '', 'https://', 'https:// x', undefined])
      expect(safeHttpUrl(bad), String(bad)).toBeUndefined();
  });
});

let up: Upstream;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
let dir: string;
let db: IndexDb;

beforeAll(async () => {
  up = await startUpstream(60, 17);
  proxy = await startFaultProxy(up.url);
  dir = mkdtempSync(join(tmpdir(), 'jobindex-urls-'));
  db = openIndex(join(dir, 'local.sqlite'));
});
afterAll(async () => {
  db?.close();
  await proxy?.close();
  await up?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('sync drops unsafe URLs', { timeout: 60_000 }, () => {
  it('stores no link that is not http(s), counts each drop, and the API answers them absent', async () => {
    const badJobs: string[] = [];
    const badCompanies: string[] = [];
    proxy.setPlan((path, n) => {
      if (path === GET && n < HOSTILE.length) {
        return {
          kind: 'rewrite',
          body: (b) => {
            const d = fromBinary(GetResponseSchema, b);
            d.applyUrl = HOSTILE[n]!;
            badJobs.push(d.id);
            return Buffer.from(toBinary(GetResponseSchema, d));
          },
        };
      }
      if (path === COMPANIES && n === 0) {
        return {
          kind: 'rewrite',
          body: (b) => {
            const res = fromBinary(CompanyListSchema, b);
            res.data.slice(0, 3).forEach((c, i) => {
              c.website = HOSTILE[i + 3]!;
              c.logoUrl = HOSTILE[i + 5]!;
              badCompanies.push(c.id);
            });
            return Buffer.from(toBinary(CompanyListSchema, res));
          },
        };
      }
      return undefined;
    });
    const report = await syncIndex({ upstream: proxy.url, db, retry: { baseDelayMs: 5, maxDelayMs: 40 } });
    expect(badJobs).toHaveLength(HOSTILE.length);
    expect(report.unsafeUrlsDropped).toBe(HOSTILE.length + 6);
    expect(report.malformedSkipped).toBe(0);
    expect(report.malformedExamples.map((e) => e.reason)).toContain('detail.applyUrl: not an http(s) URL, dropped');

    const local = localClients(db);
    for (const id of badJobs) {
      const job = await local.jobs.get({ id });
      expect(job.id).toBe(id); // the job itself is kept
      expect(job.applyUrl, id).toBeUndefined();
    }
    const good = await local.jobs.get({
      id: (await up.clients.jobs.list({ query: { limit: 100 } })).data.find((c) => !badJobs.includes(c.id))!.id,
    });
    expect(good.applyUrl).toMatch(/^https:\/\//);
    for (const id of badCompanies) {
      const c = await local.companies.get({ id });
      expect(c.website, id).toBe('');
      expect(c.logoUrl, id).toBe('');
    }
  });
});
