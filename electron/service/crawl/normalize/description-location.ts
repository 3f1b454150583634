// A description's own "Location:" line ("Location: Remote - United States"), for postings whose
// location fields name no country ("NAMER"). Only a line labelled so counts, never a place the prose
// mentions ("our offices in London, New York…" says nothing of this role).
import { decodeHTML } from 'entities';

const LINE = /^(?:job\s+|work\s+)?location\s*:\s*(.{2,120})$/i;

/** The text after the first block that starts "Location:", or undefined. */
export function locationLineOf(html: string): string | undefined {
  for (const block of html.split(/<\/(?:p|li|h[1-6]|div)>|<br\s*\/?>/i)) {
    const text = decodeHTML(block.replace(/<[^>]*>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim();
    const m = LINE.exec(text);
    if (m) return m[1]!.trim();
  }
  return undefined;
}
