// Fuzzes the real `jobindex serve` (issue #16, "Done when"): thousands of mutated and random
// bodies, JSON and binary, to every public RPC and every `/v1/` endpoint, from a fixed seed. No
// answer may be a 5xx; every error is in its path's format with the request id; afterwards the
// server still answers, has logged no failure (no 500 happened) and has not grown without bound.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fromJson, ScalarType, toBinary, type DescField, type DescMessage, type JsonValue } from '@bufbuild/protobuf';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { CompaniesService } from '#shared/gen/svc/companies/v1/companies_pb';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { SpellingService } from '#shared/gen/svc/spelling/v1/spelling_pb';
import { ensureBuilt } from '../helpers/built-dist.js';
import { serve, type Served } from './serve-process.js';

const SEED = 0x16f0225;
const BODIES = 2_400;
const PARALLEL = 4;

let s: Served;
let dir: string;

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'jobindex-fuzz-'));
  s = await serve('--db', inject('fixtureIndex'), '--accounts', join(dir, 'accounts.sqlite'));
});
afterAll(async () => {
  expect(await s?.stop()).toBe(0);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** mulberry32: small, fast, and the same sequence from the same seed everywhere. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)]! };
}
type Rng = ReturnType<typeof prng>;

interface Target {
  path: string;
  input?: DescMessage;
}
const TARGETS: Target[] = [
  ...[JobsService, CompaniesService, MetaService, SpellingService].flatMap((svc) =>
    svc.methods.map((m) => ({ path: `/${svc.typeName}/${m.name}`, input: m.input })),
  ),
  { path: '/v1/auth/login' },
  { path: '/v1/auth/password/forgot' },
  { path: '/v1/reports' },
];

const WORDS = [
  'engineer',
  'US',
  'DE',
  'Berlin',
  'boreal-media',
  '',
  'full_time',
  'remote',
  'newest',
  '003648e9-e306-4f73-8868-983b7a2a1b70',
  'a@b.c',
  'ü∂ƒ',
  '\u0000',
];

/** A JSON value of any type, nested up to `depth`. */
function anyJson(r: Rng, depth: number): JsonValue {
  switch (r.int(depth > 0 ? 7 : 5)) {
    case 0:
      return null;
    case 1:
      return r.next() < 0.5;
    case 2:
      return r.pick([0, -1, 1, 5, 100, 101, 2 ** 31, 2 ** 53 + 2, 1.5, -1e308, 3_000_000_000]);
    case 3:
      return r.pick(WORDS);
    case 4:
      return String(r.int(1000));
    case 5:
      return Array.from({ length: r.int(3) }, () => anyJson(r, depth - 1));
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(3) }, () => [
          r.pick(['a', 'query', 'id', 'limit', 'filters']),
          anyJson(r, depth - 1),
        ]),
      );
  }
}

/** A plausible value for a field (one item of a list field): usually its own type, sometimes another. */
function fieldValue(r: Rng, f: DescField, depth: number, item = false): JsonValue {
  if (r.next() < 0.1) return anyJson(r, 2);
  const kind = f.fieldKind === 'list' ? (item ? f.listKind : 'list') : f.fieldKind;
  switch (kind) {
    case 'list':
      return Array.from({ length: r.int(3) }, () => fieldValue(r, f, depth, true));
    case 'message':
      return f.message!.typeName.startsWith('google.') ? anyJson(r, 3) : plausible(r, f.message!, depth - 1);
    case 'enum':
      return r.pick(f.enum!.values).name;
    case 'scalar':
      if (f.scalar === ScalarType.STRING) return r.pick(WORDS);
      if (f.scalar === ScalarType.BOOL) return r.next() < 0.5;
      return r.pick([0, 1, 3, 25, 100, 101, -1]);
    default:
      return anyJson(r, 1);
  }
}

/** A request of `desc` in JSON: known fields with plausible values, now and then an unknown one. */
function plausible(r: Rng, desc: DescMessage, depth = 3): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  if (depth <= 0) return out;
  for (const f of desc.fields) if (r.next() < 0.5) out[r.next() < 0.05 ? f.name : f.jsonName] = fieldValue(r, f, depth);
  if (r.next() < 0.05) out[r.pick(['bogus', 'work_mode', 'Limit'])] = anyJson(r, 1);
  return out;
}

const utf8 = (s: string) => new TextEncoder().encode(s);

/** The bytes of one body: a valid-looking request, mutated, or noise. */
function body(r: Rng, t: Target, binary: boolean): Uint8Array<ArrayBuffer> {
  const json = t.input ? plausible(r, t.input) : (anyJson(r, 3) as JsonValue);
  let bytes = utf8(JSON.stringify(json));
  if (binary && t.input) {
    try {
      bytes = toBinary(t.input, fromJson(t.input, json as JsonValue));
    } catch {
      // Not a valid message: send the JSON bytes as "binary", which is a test of its own.
    }
  }
  switch (r.int(10)) {
    case 0: // flip bits
      bytes = bytes.slice();
      for (let i = 0; i < 1 + r.int(4) && bytes.length; i++) bytes[r.int(bytes.length)]! ^= 1 << r.int(8);
      return bytes;
    case 1: // truncate
      return bytes.subarray(0, r.int(bytes.length + 1));
    case 2: // random bytes, invalid UTF-8 likely
      return Uint8Array.from({ length: r.int(64) }, () => r.int(256));
    case 3: {
      // deep nesting, in a known field or at the top
      const n = r.pick([50, 101, 1000, 20_000]);
      return utf8(`{"${t.input?.fields[0]?.jsonName ?? 'a'}":${'['.repeat(n)}${']'.repeat(n)}}`);
    }
    case 4: // oversized
      return r.next() < 0.3 ? new Uint8Array(64 * 1024 + 1 + r.int(4096)).fill(0x20) : bytes;
    case 5: // invalid UTF-8 inside a string
      return Buffer.concat([utf8('{"query":"'), Uint8Array.of(0xc3, 0x28, 0xff), utf8('"}')]);
    default:
      return bytes;
  }
}

interface Sent {
  path: string;
  init: { method: string; headers: Record<string, string>; body?: Uint8Array<ArrayBuffer> };
}

function request(r: Rng): Sent {
  const t = r.pick(TARGETS);
  const binary = r.next() < 0.35;
  const headers: Record<string, string> = {
    'content-type':
      r.next() < 0.85
        ? binary
          ? 'application/proto'
          : 'application/json'
        : r.pick([
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/connect+proto',
            'application/json; charset=latin1',
            '',
          ]),
  };
  if (r.next() < 0.7)
    headers['x-request-id'] = r.pick(['fz-' + r.int(1e6), 'with space', 'x'.repeat(1025), '"quoted"']);
  let bytes = body(r, t, binary);
  if (r.next() < 0.1) {
    headers['content-encoding'] = r.pick(['gzip', 'gzip', 'br', 'identity', '']);
    if (headers['content-encoding'] === 'gzip' && r.next() < 0.8) bytes = gzipSync(bytes);
  }
  const method = r.next() < 0.03 ? r.pick(['GET', 'PUT', 'DELETE']) : 'POST';
  return { path: t.path, init: { method, headers, ...(method === 'GET' ? {} : { body: bytes }) } };
}

/** What must hold for every answer; returns a description of the first breach. */
async function breach(sent: Sent, res: Response): Promise<string | undefined> {
  const text = await res.text();
  const id = res.headers.get('x-request-id');
  const what = `${sent.init.method} ${sent.path} → ${res.status} ${text.slice(0, 200)}`;
  if (res.status >= 500) return `5xx: ${what}`;
  if (!id) return `no X-Request-ID: ${what}`;
  if (res.status < 400) return undefined;
  let b: Record<string, unknown>;
  try {
    b = JSON.parse(text);
  } catch {
    return `error body not JSON: ${what}`;
  }
  if (sent.path.startsWith('/v1/')) {
    const ok =
      res.headers.get('content-type') === 'application/problem+json' &&
      b.status === res.status &&
      typeof b.title === 'string' &&
      typeof b.detail === 'string' &&
      typeof b.code === 'string' &&
      b.request_id === id;
    return ok ? undefined : `not problem+json: ${what}`;
  }
  const keysOk = Object.keys(b).every((k) => ['code', 'message', 'details'].includes(k));
  const ok =
    res.headers.get('content-type') === 'application/json' &&
    keysOk &&
    typeof b.code === 'string' &&
    typeof b.message === 'string' &&
    (b.details === undefined || Array.isArray(b.details));
  return ok ? undefined : `not the Connect envelope: ${what}`;
}

function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) * 1024;
}

it(`answers ${BODIES} fuzzed bodies with 4xx in format, never 5xx, and stays well`, async () => {
  const r = prng(SEED);
  const all = Array.from({ length: BODIES }, () => request(r));
  const breaches: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  let rssAfterWarmup = 0;
  const worker = async () => {
    while (next < all.length) {
      const i = next++;
      // serve runs its reads on worker threads (one a core): each grows its own heap over its
      // first few hundred answers, so the bound is on growth after that, where a leak would show.
      if (i === 1000) rssAfterWarmup = rssBytes(s.child.pid!);
      const sent = all[i]!;
      const res = await fetch(s.url + sent.path, sent.init);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const b = await breach(sent, res);
      if (b) breaches.push(b);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));

  expect(breaches.slice(0, 10)).toEqual([]);
  // The mix reached past the body checks, and hit each kind of refusal.
  for (const status of [200, 400, 413, 415]) expect(statuses.get(status) ?? 0, `answers ${status}`).toBeGreaterThan(20);
  // Alive, quiet, bounded.
  const ok = await fetch(s.url + '/svc.jobs.v1.JobsService/List', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"query":{"limit":1}}',
  });
  expect(ok.status).toBe(200);
  expect(s.problems(), 'no 500 happened, so no failure is logged').toEqual([]);
  expect(rssBytes(s.child.pid!) - rssAfterWarmup).toBeLessThan(64 * 1024 * 1024);
}, 60_000);
