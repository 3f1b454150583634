import type { Config } from 'dompurify';
import { DESCRIPTION_ALLOWLIST as A, DESCRIPTION_URL } from './description-allowlist.js';

const attrs = [...new Set(Object.values(A.attributes).flat())];

/** DOMPurify's configuration of the description allowlist (the renderer's sanitizer). */
export const DESCRIPTION_POLICY = {
  ALLOWED_TAGS: [...A.tags],
  ALLOWED_ATTR: attrs,
  // DOMPurify tests every attribute not on its URI-safe list against ALLOWED_URI_REGEXP, which
  // would drop colspan="2" and rowspan="2" (a number is not an http(s) URL); they hold no URL.
  ADD_URI_SAFE_ATTR: attrs.filter((a) => !(A.urlAttributes as readonly string[]).includes(a)),
  ALLOWED_URI_REGEXP: DESCRIPTION_URL,
  FORBID_TAGS: [...A.dropWithContent],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: false,
} satisfies Config;
