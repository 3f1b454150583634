import { WireType } from '@bufbuild/protobuf/wire';
import { JobCardSchema } from '#shared/gen/svc/jobs/v1/job_pb';
import { SalarySchema } from '#shared/gen/svc/jobs/v1/job_pb';
import type { CardRow } from '../index-db/search/card-row.js';

// Job cards straight from index rows to protobuf binary, without protobuf-es's reflection:
// `create` + `toBinary` cost ~45 µs a card, most of a 100-card List answer, and capped how fast
// a sync can pull (docs/decisions/sync.md). The bytes are exactly `toBinary(JobCardSchema,
// create(JobCardSchema, jobCard(row)))` — fields in number order, proto3 defaults left out —
// which test/service/index-services/card-binary.test.ts checks for every fixture row. Field numbers come from
// the generated schema, so a renumbering cannot drift; a new field fails that test.

const LEN = WireType.LengthDelimited;
const VARINT = WireType.Varint;
const I64 = WireType.Bit64;
const tag = (no: number, wt: WireType) => (no << 3) | wt;
const f = JobCardSchema.field;
const s = SalarySchema.field;
const T = {
  id: tag(f.id!.number, LEN),
  slug: tag(f.slug!.number, LEN),
  title: tag(f.title!.number, LEN),
  companyName: tag(f.companyName!.number, LEN),
  companySlug: tag(f.companySlug!.number, LEN),
  locationText: tag(f.locationText!.number, LEN),
  remote: tag(f.remote!.number, VARINT),
  employmentType: tag(f.employmentType!.number, LEN),
  seniority: tag(f.seniority!.number, LEN),
  salary: tag(f.salary!.number, LEN),
  snippet: tag(f.snippet!.number, LEN),
  sourcePlatform: tag(f.sourcePlatform!.number, LEN),
  discoveredAt: tag(f.discoveredAt!.number, LEN),
  lastVerifiedAt: tag(f.lastVerifiedAt!.number, LEN),
  postedAt: tag(f.postedAt!.number, LEN),
  min: tag(s.min!.number, I64),
  max: tag(s.max!.number, I64),
  currency: tag(s.currency!.number, LEN),
  period: tag(s.period!.number, LEN),
  seconds: tag(1, VARINT),
  nanos: tag(2, VARINT),
};
for (const t of Object.values(T)) if (t >= 128) throw new Error('card-binary: tags must fit one byte');

/** Bytes of a varint; negative int32/int64 values take ten (two's complement, as protobuf does). */
function varintLen(n: number): number {
  if (n < 0) return 10;
  let len = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    len++;
  }
  return len;
}

const strLen = (v: string) => Buffer.byteLength(v, 'utf8');
/** A string field's size, or 0 when proto3 leaves it out (empty). */
const strField = (v: string) => (v === '' ? 0 : fieldLen(strLen(v)));
const fieldLen = (bodyLen: number) => 1 + varintLen(bodyLen) + bodyLen;

interface Time {
  seconds: number;
  nanos: number;
  len: number;
}

/** As protobuf-es's `timestampFromMs`. */
function time(ms: number): Time {
  const seconds = Math.floor(ms / 1000);
  const nanos = (ms - seconds * 1000) * 1_000_000;
  return { seconds, nanos, len: (seconds ? 1 + varintLen(seconds) : 0) + (nanos ? 1 + varintLen(nanos) : 0) };
}

interface Sized {
  row: CardRow;
  len: number;
  salaryLen: number;
  discovered: Time;
  verified: Time;
  posted: Time | undefined;
}

function size(row: CardRow): Sized {
  const discovered = time(row.discovered_at);
  const verified = time(row.last_verified_at);
  const posted = row.posted_at === null ? undefined : time(row.posted_at);
  let salaryLen = -1;
  if (row.salary_min !== null && row.salary_max !== null) {
    salaryLen =
      (row.salary_min ? 9 : 0) +
      (row.salary_max ? 9 : 0) +
      strField(row.salary_currency ?? '') +
      strField(row.salary_period ?? '');
  }
  const len =
    strField(row.id) +
    strField(row.slug) +
    strField(row.title) +
    strField(row.company_name) +
    (row.company_slug ? fieldLen(strLen(row.company_slug)) : 0) +
    strField(row.location_text) +
    (row.remote === null ? 0 : 2) +
    strField(row.employment_type) +
    strField(row.seniority) +
    (salaryLen >= 0 ? fieldLen(salaryLen) : 0) +
    strField(row.snippet) +
    strField(row.source_platform) +
    fieldLen(discovered.len) +
    fieldLen(verified.len) +
    (posted ? fieldLen(posted.len) : 0);
  return { row, len, salaryLen, discovered, verified, posted };
}

class Out {
  pos = 0;
  constructor(readonly buf: Buffer) {}

  varint(n: number): void {
    if (n < 0) {
      let v = BigInt.asUintN(64, BigInt(n));
      while (v >= 128n) {
        this.buf[this.pos++] = Number(v & 127n) | 128;
        v >>= 7n;
      }
      this.buf[this.pos++] = Number(v);
      return;
    }
    while (n >= 128) {
      this.buf[this.pos++] = (n % 128) | 128;
      n = Math.floor(n / 128);
    }
    this.buf[this.pos++] = n;
  }

  str(t: number, v: string): void {
    if (v === '') return;
    this.buf[this.pos++] = t;
    this.varint(strLen(v));
    this.pos += this.buf.write(v, this.pos, 'utf8');
  }

  /** A double, 8 bytes little-endian; proto3 leaves 0 out. */
  double(t: number, v: number): void {
    if (v === 0) return;
    this.buf[this.pos++] = t;
    this.pos = this.buf.writeDoubleLE(v, this.pos);
  }

  uint(t: number, v: number): void {
    if (v === 0) return;
    this.buf[this.pos++] = t;
    this.varint(v);
  }

  time(t: number, v: Time): void {
    this.buf[this.pos++] = t;
    this.varint(v.len);
    this.uint(T.seconds, v.seconds);
    this.uint(T.nanos, v.nanos);
  }
}

function write(o: Out, c: Sized): void {
  const r = c.row;
  o.str(T.id, r.id);
  o.str(T.slug, r.slug);
  o.str(T.title, r.title);
  o.str(T.companyName, r.company_name);
  if (r.company_slug) {
    // Explicit presence: written even if it were empty, as toBinary does for a set optional.
    o.buf[o.pos++] = T.companySlug;
    o.varint(strLen(r.company_slug));
    o.pos += o.buf.write(r.company_slug, o.pos, 'utf8');
  }
  o.str(T.locationText, r.location_text);
  if (r.remote !== null) {
    // Explicit presence: false is written too; unknown (NULL) is left out.
    o.buf[o.pos++] = T.remote;
    o.varint(r.remote);
  }
  o.str(T.employmentType, r.employment_type);
  o.str(T.seniority, r.seniority);
  if (c.salaryLen >= 0) {
    o.buf[o.pos++] = T.salary;
    o.varint(c.salaryLen);
    o.double(T.min, r.salary_min!);
    o.double(T.max, r.salary_max!);
    o.str(T.currency, r.salary_currency ?? '');
    o.str(T.period, r.salary_period ?? '');
  }
  o.str(T.snippet, r.snippet);
  o.str(T.sourcePlatform, r.source_platform);
  o.time(T.discoveredAt, c.discovered);
  o.time(T.lastVerifiedAt, c.verified);
  if (c.posted) o.time(T.postedAt, c.posted);
}

/**
 * Each card as a length-prefixed JobCard (the value of one `repeated JobCard` entry, i.e. what
 * protobuf-es keeps as an unknown field's `data`), all in one buffer.
 */
export function encodeCards(rows: readonly CardRow[]): Uint8Array[] {
  const sized = rows.map(size);
  const total = sized.reduce((n, c) => n + varintLen(c.len) + c.len, 0);
  const o = new Out(Buffer.allocUnsafe(total));
  return sized.map((c) => {
    const start = o.pos;
    o.varint(c.len);
    write(o, c);
    if (o.pos - start !== varintLen(c.len) + c.len)
      throw new Error(`card-binary: card ${c.row.id} sized ${c.len}, wrote ${o.pos - start}`);
    return o.buf.subarray(start, o.pos);
  });
}
