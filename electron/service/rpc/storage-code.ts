/** Marks a ConnectError the router answers under the spec-style code `insufficient_storage` (strict-handler.ts). */
export const STORAGE_CODE_HEADER = 'x-jobindex-error-code';
