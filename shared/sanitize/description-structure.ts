/**
 * Employer markup made structurally valid under the job's own title (issue 31 item 11;
 * docs/decisions/description-structure.md). Runs on a sanitizer's output — the service's
 * sanitize-html and the renderer's DOMPurify both end with it — so crawl, sync, Get and the
 * renderer produce the same structure:
 *
 * - a list holds only `li`: wrappers around items are unwrapped, anything else is wrapped in an
 *   `li` (a list nested straight in a list joins the item before it); items and `dt`/`dd` outside
 *   their list are put in one;
 * - headings with no text and links with no text are dropped;
 * - headings are shifted so the description's highest one is DESCRIPTION_TOP_HEADING (the job
 *   title is the detail's h2), their order kept, none deeper than h6.
 *
 * Idempotent (a second pass changes nothing), linear in the input, no DOM and no parser library:
 * the input is a sanitizer's output, whose tags are the allowlist's and whose attributes are quoted.
 */

/** The level of a description's highest heading: one under the detail's h2 job title. */
export const DESCRIPTION_TOP_HEADING = 3;

interface Text {
  text: string;
}
interface Element {
  name: string;
  attrs: string;
  children: Node[];
  /** A void element's tag as written (`<br />` stays `<br />`). */
  raw?: string;
}
type Node = Text | Element;

const VOID = new Set(['br', 'hr', 'img', 'wbr']);
const INLINE = new Set(['a', 'b', 'br', 'code', 'em', 'i', 's', 'small', 'span', 'strong', 'sub', 'sup', 'u']);
const WRAPPERS = new Set(['div', 'span', 'p']);
const HEADING = /^h([1-6])$/;
// A tag's attributes: quoted values (which may hold `>`) or anything but a quote, `<` or `>`; the
// alternatives start with different characters and an unclosed tag ends at the next `<`: linear.
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'"<>])*)>/g;

const isEl = (n: Node): n is Element => 'name' in n;
const blank = (n: Node) => !isEl(n) && /^(?:\s|&nbsp;|&#160;|&#xa0;)*$/i.test(n.text);
const el = (name: string, children: Node[]): Element => ({ name, attrs: '', children });

function parse(html: string): Element {
  const root = el('#root', []);
  const open: Element[] = [root];
  let at = 0;
  const text = (s: string) => s && open.at(-1)!.children.push({ text: s });
  for (const m of html.matchAll(TOKEN)) {
    text(html.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[2] === undefined) continue; // a comment
    const name = m[2].toLowerCase();
    if (m[1]) {
      const i = open.findLastIndex((e) => e.name === name);
      if (i > 0) open.length = i;
      continue;
    }
    // `<br/>`: the slash belongs to no attribute.
    const attrs = (m[3] ?? '').replace(/\s*\/$/, '');
    const node: Element = { name, attrs, children: [], ...(VOID.has(name) && { raw: m[0] }) };
    open.at(-1)!.children.push(node);
    if (!VOID.has(name)) open.push(node);
  }
  text(html.slice(at));
  return root;
}

function serialize(nodes: Node[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (!isEl(n)) {
      out.push(n.text);
      continue;
    }
    out.push(n.raw ?? `<${n.name}${n.attrs}>`);
    if (VOID.has(n.name)) continue;
    serialize(n.children, out);
    out.push(`</${n.name}>`);
  }
  return out;
}

/** A list's children: only `li` (and the white space between them). */
function listChildren(children: Node[]): Node[] {
  const out: Node[] = [];
  let run: Element | undefined; // an li collecting a run of inline content
  const lastItem = () => out.findLast((n) => isEl(n) && n.name === 'li') as Element | undefined;
  const queue = [...children];
  while (queue.length) {
    const c = queue.shift()!;
    if (blank(c)) {
      (run ? run.children : out).push(c);
      continue;
    }
    if (isEl(c) && c.name === 'li') {
      run = undefined;
      out.push(c);
    } else if (isEl(c) && WRAPPERS.has(c.name) && c.children.some((k) => isEl(k) && k.name === 'li')) {
      queue.unshift(...c.children); // <ul><div><li>…</li></div></ul>: the wrapper goes
    } else if (isEl(c) && (c.name === 'ul' || c.name === 'ol') && lastItem()) {
      run = undefined;
      lastItem()!.children.push(c);
    } else if (!isEl(c) || INLINE.has(c.name)) {
      if (!run) out.push((run = el('li', [])));
      run.children.push(c);
    } else {
      run = undefined;
      out.push(el('li', [c]));
    }
  }
  return out;
}

/** A definition list's children: `dt`, `dd` (or a `div` of them); anything else becomes a `dd`. */
function definitionChildren(children: Node[]): Node[] {
  return children.map((c) => (blank(c) || (isEl(c) && /^(dt|dd|div)$/.test(c.name)) ? c : el('dd', [c])));
}

/** Runs of `li` (or `dt`/`dd`) outside their list, put in one. */
function adoptOrphans(children: Node[], items: RegExp, list: string): Node[] {
  const out: Node[] = [];
  let wrap: Element | undefined;
  for (const c of children) {
    if (isEl(c) && items.test(c.name)) {
      if (!wrap) out.push((wrap = el(list, [])));
      wrap.children.push(c);
    } else if (wrap && blank(c)) {
      wrap.children.push(c);
    } else {
      wrap = undefined;
      out.push(c);
    }
  }
  return out;
}

function restructure(node: Element): void {
  if (node.name === 'ul' || node.name === 'ol') node.children = listChildren(node.children);
  else if (node.name === 'dl') node.children = definitionChildren(node.children);
  else {
    if (node.name !== 'li') node.children = adoptOrphans(node.children, /^li$/, 'ul');
    if (node.name !== 'div') node.children = adoptOrphans(node.children, /^d[td]$/, 'dl');
  }
  for (const c of node.children) if (isEl(c)) restructure(c);
}

function hasText(n: Node): boolean {
  return isEl(n) ? n.children.some(hasText) : !blank(n);
}

/** Drops headings and links with no text; returns the highest heading level left (7: none). */
function pruneEmpty(node: Element): number {
  let top = 7;
  node.children = node.children.filter((c) => {
    if (!isEl(c)) return true;
    const level = HEADING.exec(c.name);
    if ((level || (c.name === 'a' && c.attrs.includes('href'))) && !hasText(c)) return false;
    top = Math.min(top, level ? Number(level[1]) : 7, pruneEmpty(c));
    return true;
  });
  return top;
}

function shiftHeadings(node: Element, by: number): void {
  for (const c of node.children) {
    if (!isEl(c)) continue;
    const level = HEADING.exec(c.name);
    if (level) c.name = `h${Math.min(6, Number(level[1]) + by)}`;
    shiftHeadings(c, by);
  }
}

/** Sanitized description HTML with valid lists, no empty headings or links, headings under the title. */
export function normalizeDescriptionStructure(html: string): string {
  if (!html.includes('<')) return html;
  const root = parse(html);
  restructure(root);
  const top = pruneEmpty(root);
  if (top < 7 && top !== DESCRIPTION_TOP_HEADING) shiftHeadings(root, DESCRIPTION_TOP_HEADING - top);
  return serialize(root.children).join('');
}
