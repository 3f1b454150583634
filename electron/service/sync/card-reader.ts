import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import type { Timestamp } from '@bufbuild/protobuf/wkt';
import { JobCardSchema, SalarySchema, type JobCard, type Salary } from '#shared/gen/svc/jobs/v1/job_pb';
import { Malformed } from './upstream-records.js';

// A JobCard from its bytes without protobuf-es's reflection, which took most of a sync's time
// reading List pages (create, field lookup, set per field: ~25 µs a card). The result is the
// same plain message object `fromBinary(JobCardSchema, bytes)` gives (protobuf-es messages are
// plain objects): test/service/sync/card-reader.test.ts checks that for every fixture card and for
// shapes the upstream may send (unknown fields, fields out of order, repeated scalars).

const f = JobCardSchema.field;
const s = SalarySchema.field;
const N = {
  id: f.id!.number,
  slug: f.slug!.number,
  title: f.title!.number,
  companyName: f.companyName!.number,
  companySlug: f.companySlug!.number,
  locationText: f.locationText!.number,
  remote: f.remote!.number,
  employmentType: f.employmentType!.number,
  seniority: f.seniority!.number,
  salary: f.salary!.number,
  snippet: f.snippet!.number,
  sourcePlatform: f.sourcePlatform!.number,
  discoveredAt: f.discoveredAt!.number,
  lastVerifiedAt: f.lastVerifiedAt!.number,
  min: s.min!.number,
  max: s.max!.number,
  currency: s.currency!.number,
  period: s.period!.number,
};

function expect(wt: WireType, want: WireType, field: string): void {
  if (wt !== want) throw new Malformed(`card.${field}: wire type ${wt}, expected ${want}`);
}

/** A sub-message's bytes, read in place (a later occurrence of the field merges into it, as protobuf does). */
function sub(r: BinaryReader, wt: WireType, field: string): BinaryReader {
  expect(wt, WireType.LengthDelimited, field);
  return new BinaryReader(r.bytes());
}

function timestamp(r: BinaryReader, into: Timestamp | undefined): Timestamp {
  const t: Timestamp = into ?? { $typeName: 'google.protobuf.Timestamp', seconds: 0n, nanos: 0 };
  while (r.pos < r.len) {
    const [no, wt] = r.tag();
    if (no === 1 && wt === WireType.Varint) t.seconds = BigInt(r.int64());
    else if (no === 2 && wt === WireType.Varint) t.nanos = r.int32();
    else r.skip(wt, no);
  }
  return t;
}

function salary(r: BinaryReader, into: Salary | undefined): Salary {
  const out: Salary = into ?? { $typeName: 'svc.jobs.v1.Salary', min: 0, max: 0, currency: '', period: '' };
  while (r.pos < r.len) {
    const [no, wt] = r.tag();
    if (no === N.min || no === N.max) {
      // A double; an upstream from before 64-bit amounts sends an int32 varint (docs/decisions/salary.md).
      const v = wt === WireType.Bit64 ? r.double() : wt === WireType.Varint ? r.int32() : undefined;
      if (v === undefined) r.skip(wt, no);
      else if (no === N.min) out.min = v;
      else out.max = v;
    } else if (no === N.currency && wt === WireType.LengthDelimited) out.currency = r.string();
    else if (no === N.period && wt === WireType.LengthDelimited) out.period = r.string();
    else r.skip(wt, no);
  }
  return out;
}

/** Decodes one JobCard; bytes that are not one (truncated, wrong wire types) throw Malformed. */
export function readJobCard(bytes: Uint8Array): JobCard {
  const card: JobCard = {
    $typeName: 'svc.jobs.v1.JobCard',
    id: '',
    slug: '',
    title: '',
    companyName: '',
    locationText: '',
    snippet: '',
    sourcePlatform: '',
  };
  const r = new BinaryReader(bytes);
  const str = (wt: WireType, field: string) => (expect(wt, WireType.LengthDelimited, field), r.string());
  try {
    while (r.pos < r.len) {
      const [no, wt] = r.tag();
      switch (no) {
        case N.id:
          card.id = str(wt, 'id');
          break;
        case N.slug:
          card.slug = str(wt, 'slug');
          break;
        case N.title:
          card.title = str(wt, 'title');
          break;
        case N.companyName:
          card.companyName = str(wt, 'companyName');
          break;
        case N.companySlug:
          card.companySlug = str(wt, 'companySlug');
          break;
        case N.locationText:
          card.locationText = str(wt, 'locationText');
          break;
        case N.remote:
          expect(wt, WireType.Varint, 'remote');
          card.remote = r.bool();
          break;
        case N.employmentType:
          card.employmentType = str(wt, 'employmentType');
          break;
        case N.seniority:
          card.seniority = str(wt, 'seniority');
          break;
        case N.salary:
          card.salary = salary(sub(r, wt, 'salary'), card.salary);
          break;
        case N.snippet:
          card.snippet = str(wt, 'snippet');
          break;
        case N.sourcePlatform:
          card.sourcePlatform = str(wt, 'sourcePlatform');
          break;
        case N.discoveredAt:
          card.discoveredAt = timestamp(sub(r, wt, 'discoveredAt'), card.discoveredAt);
          break;
        case N.lastVerifiedAt:
          card.lastVerifiedAt = timestamp(sub(r, wt, 'lastVerifiedAt'), card.lastVerifiedAt);
          break;
        default:
          r.skip(wt, no);
      }
    }
  } catch (e) {
    if (e instanceof Malformed) throw e;
    throw new Malformed(`card: not a JobCard (${e instanceof Error ? e.message : String(e)})`);
  }
  return card;
}
