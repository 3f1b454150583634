import { createRequire } from 'node:module';
import type { DOMPurify } from 'dompurify';
import { DESCRIPTION_POLICY } from '../../shared/sanitize/description-policy.js';

let purify: DOMPurify | undefined;

/**
 * Sanitizes description HTML in Node with DOMPurify over jsdom. Both load on the first call:
 * jsdom costs ~150 ms to import, which a search-only process (the CLI, a cold start) never needs.
 */
export function sanitizeDescription(html: string): string {
  if (!purify) {
    const require = createRequire(import.meta.url);
    const { JSDOM } = require('jsdom') as typeof import('jsdom');
    const createDOMPurify = require('dompurify') as (w: unknown) => DOMPurify;
    purify = createDOMPurify(new JSDOM('').window);
  }
  return purify.sanitize(html, DESCRIPTION_POLICY);
}
