import { createRequire } from 'node:module';
import type * as Htmlparser2 from 'htmlparser2';

// Loaded on first use: opening an index or answering a search (the CLI's cold start, issue 30)
// seldom needs a description's text.
let loaded: typeof Htmlparser2.Parser | undefined;
const Parser = (): typeof Htmlparser2.Parser =>
  (loaded ??= (createRequire(import.meta.url)('htmlparser2') as typeof Htmlparser2).Parser);

const SKIP = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object']);
const BLOCK = new Set(['p', 'div', 'li', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'ul', 'ol', 'section']);

/** Visible text of an HTML fragment, for the search index and the card snippet (never rendered). */
export function htmlToText(html: string): string {
  const out: string[] = [];
  let skipping = 0;
  const parser = new (Parser())(
    {
      onopentagname(name) {
        if (SKIP.has(name)) skipping++;
        else if (BLOCK.has(name)) out.push(' ');
      },
      onclosetag(name) {
        if (SKIP.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCK.has(name)) out.push(' ');
      },
      ontext(text) {
        if (skipping === 0) out.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out.join('').replace(/\s+/g, ' ').trim();
}

/** The card's short excerpt: the first sentences up to `max` characters, cut at a word. */
export function snippetOf(text: string, max = 200): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
