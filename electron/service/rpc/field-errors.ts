import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { FieldError } from '#shared/rules/field-error';
import { checkNoUnknownFields } from './strict-json.js';

/** A broken request rule becomes `invalid_argument` naming the field, on every transport. */
export const fieldErrors: Interceptor = (next) => async (req) => {
  try {
    if (!req.stream) checkNoUnknownFields(req.method.input, req.message as unknown as Record<string, unknown>);
    return await next(req);
  } catch (e) {
    if (e instanceof FieldError) throw new ConnectError(e.message, Code.InvalidArgument);
    throw e;
  }
};
