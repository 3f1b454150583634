import { fromBinary } from '@bufbuild/protobuf';
import { expect } from 'vitest';
import { BadRequestSchema } from '#shared/gen/google/rpc/error_details_pb';

/**
 * A 400 `invalid_argument` Connect envelope naming `field` (docs/decisions/errors.md): the path
 * leads the message and is the one field violation of its google.rpc.BadRequest detail, both in
 * the detail's bytes and in its debug JSON.
 */
export function expectFieldErrorBody(res: { status: number; body: any }, field: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(Object.keys(res.body).sort()).toEqual(['code', 'details', 'message']);
  expect(res.body.code).toBe('invalid_argument');
  expect(res.body.message.startsWith(`${field}:`), res.body.message).toBe(true);
  expect(res.body.details).toEqual([
    {
      type: 'google.rpc.BadRequest',
      value: expect.any(String),
      debug: { fieldViolations: [{ field, description: expect.any(String) }] },
    },
  ]);
  const decoded = fromBinary(BadRequestSchema, Buffer.from(res.body.details[0].value, 'base64'));
  expect(decoded.fieldViolations.map((v) => v.field)).toEqual([field]);
}
