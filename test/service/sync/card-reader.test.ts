// Sync reads List pages' cards itself (electron/service/sync/card-reader.ts); it must read what
// protobuf-es reads, for our own server's bytes and for other encoders' (field order, unknown
// fields, a field sent twice), and refuse bytes that are not a card as a malformed record.
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { afterAll, describe, expect, it } from 'vitest';
import { JobCardSchema } from '#shared/gen/svc/jobs/v1/job_pb';
import { CARD_COLUMNS, type CardRow } from '../../../electron/service/index-db/search/card-row.js';
import { encodeCards } from '../../../electron/service/index-services/card-binary.js';
import { jobCard } from '../../../electron/service/index-db/wire.js';
import { readJobCard } from '../../../electron/service/sync/card-reader.js';
import { checkCard, Malformed } from '../../../electron/service/sync/upstream-records.js';
import { openFixture } from '../../helpers/fixture.js';

const h = openFixture();
afterAll(() => h.close());

const rows = h.db.prepare(`SELECT ${CARD_COLUMNS} FROM jobs j ORDER BY j.rid`).all() as CardRow[];
/** encodeCards gives each card with its length first (an entry of `repeated JobCard`). */
const body = (entry: Uint8Array) => new BinaryReader(entry).bytes();
const reference = (bytes: Uint8Array) => fromBinary(JobCardSchema, bytes, { readUnknownFields: false });

describe('readJobCard', () => {
  it('reads every fixture card as protobuf-es does', () => {
    const cards = encodeCards(rows).map((b) => body(b));
    for (const bytes of cards) expect(readJobCard(bytes)).toEqual(reference(bytes));
    expect(readJobCard(cards[0]!)).toEqual(create(JobCardSchema, jobCard(rows[0]!)));
  });

  it('reads fields in any order, skips unknown ones, and keeps the last of a repeated scalar', () => {
    const card = create(JobCardSchema, jobCard(rows.find((r) => r.salary_min !== null)!));
    const w = new BinaryWriter();
    // Reversed field order, an unknown varint, bytes and fixed fields, a second title.
    const fields = JobCardSchema.fields.slice().reverse();
    for (const f of fields) {
      const one = create(JobCardSchema);
      (one as unknown as Record<string, unknown>)[f.localName] = (card as unknown as Record<string, unknown>)[
        f.localName
      ];
      w.raw(toBinary(JobCardSchema, one));
    }
    w.tag(99, WireType.Varint).uint64(123456789012345n);
    w.tag(100, WireType.LengthDelimited).string('something new');
    w.tag(101, WireType.Bit32).fixed32(7);
    w.tag(102, WireType.Bit64).fixed64(8n);
    w.tag(JobCardSchema.field.title!.number, WireType.LengthDelimited).string('Second title wins');
    const bytes = w.finish();
    const read = readJobCard(bytes);
    expect(read).toEqual(reference(bytes));
    expect(read.title).toBe('Second title wins');
    expect(read.salary).toEqual(card.salary);
  });

  it("reads 64-bit amounts, and an older upstream's int32 amounts (a varint) the same", () => {
    const salary = (inner: BinaryWriter) =>
      new BinaryWriter()
        .tag(JobCardSchema.field.salary!.number, WireType.LengthDelimited)
        .bytes(inner.finish())
        .finish();
    const now = salary(
      new BinaryWriter()
        .tag(1, WireType.Bit64)
        .double(2_500_000_000)
        .tag(2, WireType.Bit64)
        .double(3_000_000_000)
        .tag(3, WireType.LengthDelimited)
        .string('IDR'),
    );
    expect(readJobCard(now).salary).toMatchObject({ min: 2_500_000_000, max: 3_000_000_000, currency: 'IDR' });
    expect(readJobCard(now)).toEqual(reference(now));
    const older = salary(
      new BinaryWriter()
        .tag(1, WireType.Varint)
        .int32(55_000)
        .tag(2, WireType.Varint)
        .int32(70_000)
        .tag(3, WireType.LengthDelimited)
        .string('EUR'),
    );
    expect(readJobCard(older).salary).toMatchObject({ min: 55_000, max: 70_000, currency: 'EUR' });
  });

  it('a card whose amounts are not whole numbers a JSON number holds exactly is malformed', () => {
    const card = create(JobCardSchema, jobCard(rows.find((r) => r.salary_min !== null)!));
    expect(() =>
      checkCard({ ...card, salary: { ...card.salary!, min: 3_000_000_000, max: 3_000_000_000 } }),
    ).not.toThrow();
    for (const [min, max] of [
      [1.5, 2],
      [0, 2 ** 53],
      [-1, 5],
      [10, 5],
    ]) {
      expect(() => checkCard({ ...card, salary: { ...card.salary!, min: min!, max: max! } })).toThrow(
        /card\.salary: min .* are not a range/,
      );
    }
  });

  it('refuses truncated bytes and wrong wire types as malformed', () => {
    const good = body(encodeCards(rows.slice(0, 1))[0]!);
    expect(() => readJobCard(good.subarray(0, good.length - 3))).toThrow(Malformed);
    const wrong = new BinaryWriter().tag(JobCardSchema.field.id!.number, WireType.Varint).uint32(5).finish();
    expect(() => readJobCard(wrong)).toThrow(/card\.id: wire type/);
    expect(() => readJobCard(Uint8Array.of(0xff, 0xff, 0xff))).toThrow(Malformed);
  });
});
