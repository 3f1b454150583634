import { DomUtils, parseDocument } from 'htmlparser2';
import type { BoardRef } from '#shared/rules/board-ref';
import { MalformedBoard, timeOf, type PlatformAdapter, type RawPosting } from './platform.js';

// Personio's public XML feed (docs/decisions/more-platforms.md): GET {company}.jobs.personio.de/xml
// → <workzag-jobs><position>… with id, name, office, additionalOffices/office, employmentType,
// schedule, seniority, createdAt and jobDescriptions/jobDescription{name, value (HTML)}. One read,
// no paging, no stated total. Parsed with htmlparser2 in XML mode; a feed without its closing
// root is a cut answer (htmlparser2 would read what it got), so it is refused, never half-read.
type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];
const host = (b: BoardRef) => `https://${encodeURIComponent(b.token.toLowerCase())}.jobs.personio.de`;

export const personio: PlatformAdapter = {
  platform: 'personio',
  format: 'xml',
  apiBase: host,
  overriddenBase: (base, b) => `${base}/${encodeURIComponent(b.token.toLowerCase())}`,
  listPath: () => '/xml',
  careersUrl: (b) => `${host(b)}/`,
  read(body, board) {
    if (typeof body !== 'string' || !/<\/workzag-jobs>\s*$/.test(body) || !/<workzag-jobs[\s>]/.test(body))
      throw new MalformedBoard(`personio ${board.token}: not a whole <workzag-jobs> feed`);
    const doc = parseDocument(body, { xmlMode: true });
    const positions = DomUtils.getElementsByTagName('position', doc, true);
    return { postings: positions.map((p, i) => posting(p, i, board)) };
  },
};

const child = (el: Element, name: string): Element | undefined =>
  el.children.find((c): c is Element => c.type === 'tag' && c.name === name);
const text = (el: Element | undefined): string | undefined => {
  const t = el ? DomUtils.textContent(el).trim() : '';
  return t === '' ? undefined : t;
};

function posting(el: Element, i: number, board: BoardRef): RawPosting {
  const id = text(child(el, 'id'));
  if (!id || !/^\d+$/.test(id)) throw new MalformedBoard(`personio ${board.token}: position[${i}] has no id`);
  const more = child(el, 'additionalOffices');
  const offices = [
    text(child(el, 'office')),
    ...(more ? more.children.filter((c): c is Element => c.type === 'tag').map(text) : []),
  ].filter((x): x is string => !!x);
  // Each section as the feed names it, then its HTML (the value is CDATA holding HTML).
  const sections = DomUtils.getElementsByTagName('jobDescription', child(el, 'jobDescriptions') ?? [], true).map(
    (d) => {
      const name = text(child(d, 'name'));
      const value = text(child(d, 'value')) ?? '';
      return value ? `${name ? `<h3>${escapeHtml(name)}</h3>` : ''}${value}` : '';
    },
  );
  const p: RawPosting = {
    postingId: id,
    title: text(child(el, 'name')) ?? '',
    locationTexts: [...new Set(offices)],
    // "full-time"/"part-time" (schedule) and "intern"/"freelance"/"temporary" (employmentType);
    // "permanent" says nothing about hours and is read as nothing by the shared rules.
    employmentValues: [text(child(el, 'schedule')), text(child(el, 'employmentType'))].filter(
      (x): x is string => !!x && x !== 'permanent',
    ),
    payTexts: [],
    descriptionHtml: sections.filter(Boolean).join('\n'),
    postingUrl: `${host(board)}/job/${id}`,
    applyUrl: `${host(board)}/job/${id}`,
  };
  const created = timeOf(text(child(el, 'createdAt')));
  if (created) p.postedAt = created;
  return p;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
