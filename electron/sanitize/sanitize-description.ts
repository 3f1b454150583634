import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { DESCRIPTION_POLICY } from '../../shared/sanitize/description-policy.js';

let purify: DOMPurify | undefined;

/** Sanitizes description HTML in Node with DOMPurify over jsdom (created on first use). */
export function sanitizeDescription(html: string): string {
  purify ??= createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  return purify.sanitize(html, DESCRIPTION_POLICY);
}
