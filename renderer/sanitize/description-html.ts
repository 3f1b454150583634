import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { boundDescription } from '#shared/sanitize/description-limits';
import { DESCRIPTION_POLICY } from '#shared/sanitize/description-policy';
import { normalizeDescriptionStructure } from '#shared/sanitize/description-structure';

let purifier: Purifier | undefined;

function instance(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // Links leave the app: a new browser tab, or the system browser under Electron (the shell's
  // window-open handler). `noopener` keeps the opened page away from this window.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  return purifier;
}

/**
 * A description as inert HTML. The service already sanitizes it with the same allowlist; this
 * second pass on the real DOM means a compromised or older server still cannot run script here.
 */
export function descriptionHtml(html: string): string {
  // Bounded before the DOM parses it: a description 100,000 levels deep froze the window.
  // Normalized as the service does (lists, empty headings, heading levels under the title).
  return normalizeDescriptionStructure(instance().sanitize(boundDescription(html), DESCRIPTION_POLICY));
}
