import type { Interceptor } from '@connectrpc/connect';
import { FieldError } from '#shared/rules/field-error';
import { fieldConnectError } from './connect-error.js';

/** A request rule a service finds broken becomes `invalid_argument` naming the field, on every transport. */
export const fieldErrors: Interceptor = (next) => async (req) => {
  try {
    return await next(req);
  } catch (e) {
    if (e instanceof FieldError) throw fieldConnectError(e);
    throw e;
  }
};
