import { create, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';
import { WireType } from '@bufbuild/protobuf/wire';
import type { HandlerContext } from '@connectrpc/connect';
import type { ListJobsResponseSchema } from '#shared/gen/svc/companies/v1/companies_pb';
import type { PaginationSchema } from '#shared/gen/svc/common/v1/pagination_pb';
import type { GetSimilarResponseSchema, ListResponseSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { CardRow } from '../index-db/search/card-row.js';
import { encodeCards } from './card-binary.js';
import { jobCard } from '../index-db/wire.js';

type CardPageSchema = typeof ListResponseSchema | typeof GetSimilarResponseSchema | typeof ListJobsResponseSchema;

/** The client reads the answer as protobuf binary (Connect's unary `application/proto`). */
export function answersInBinary(ctx: HandlerContext): boolean {
  return /^application\/proto\s*(;|$)/i.test(ctx.requestHeader.get('content-type') ?? '');
}

/**
 * A page of job cards (`data` + `pagination`). For a binary answer the cards are encoded here,
 * ~20× faster than protobuf-es's reflection (card-binary.ts), and handed to its writer as the
 * already-encoded entries of `data` (protobuf-es writes "unknown" fields verbatim). JSON answers,
 * and anything else, take the ordinary path, so both formats carry the same cards.
 */
export function cardPage<S extends CardPageSchema>(
  schema: S,
  ctx: HandlerContext,
  rows: readonly CardRow[],
  pagination: MessageInitShape<typeof PaginationSchema>,
): MessageShape<S> {
  // The three schemas have the same two fields; create() is driven by the schema passed at run time.
  const make = (init: MessageInitShape<typeof ListResponseSchema>) =>
    create(schema as typeof ListResponseSchema, init) as unknown as MessageShape<S>;
  if (!answersInBinary(ctx)) return make({ data: rows.map(jobCard), pagination });
  const msg = make({ pagination });
  const no = schema.field.data!.number;
  msg.$unknown = encodeCards(rows).map((data) => ({ no, wireType: WireType.LengthDelimited, data }));
  return msg;
}
