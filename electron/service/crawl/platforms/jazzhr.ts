import { DomUtils, parseDocument } from 'htmlparser2';
import type { BoardRef } from '#shared/rules/board-ref';
import { locationFromAddress } from '../../text/location.js';
import { MalformedBoard, type PlatformAdapter, type RawPosting } from './platform.js';

// JazzHR's public jobs feed (docs/decisions/more-platforms.md): GET
// app.jazz.co/feeds/export/jobs/{subdomain} → <jobs><company>…</company><job>… with id, status,
// title, department, url ({subdomain}.applytojob.com/apply/{code}/{slug}), city, state, country,
// postalcode, description (CDATA HTML), type ("Full Time", "Contractor", …), experience. One read,
// no paging, no stated total, no date and no pay field. The feed sits on JazzHR's own host and its
// path names the board. Parsed with htmlparser2 in XML mode, as Personio's; a feed without its
// closing </jobs> is a cut answer and is refused, never half-read.
type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];
const board = (b: BoardRef) => encodeURIComponent(b.token.toLowerCase());

export const jazzhr: PlatformAdapter = {
  platform: 'jazzhr',
  format: 'xml',
  apiBase: () => 'https://app.jazz.co',
  listPath: (b) => `/feeds/export/jobs/${board(b)}`,
  careersUrl: (b) => `https://${board(b)}.applytojob.com/apply`,
  read(body, b) {
    if (typeof body !== 'string' || !/<\/jobs>\s*$/.test(body) || !/<jobs[\s>]/.test(body))
      throw new MalformedBoard(`jazzhr ${b.token}: not a whole <jobs> feed`);
    const doc = parseDocument(body, { xmlMode: true });
    const root = DomUtils.getElementsByTagName('jobs', doc, true, 1)[0];
    const jobs = root ? root.children.filter((c): c is Element => c.type === 'tag' && c.name === 'job') : [];
    const companyName = root ? text(child(root, 'company')) : undefined;
    // A job the feed still carries with another status (On Hold, Filled) takes no applications.
    const open = jobs.filter((j) => (text(child(j, 'status')) ?? 'Open').toLowerCase() === 'open');
    return { postings: open.map((j, i) => posting(j, i, b)), ...(companyName ? { companyName } : {}) };
  },
};

const child = (el: Element, name: string): Element | undefined =>
  el.children.find((c): c is Element => c.type === 'tag' && c.name === name);
const text = (el: Element | undefined): string | undefined => {
  const t = el ? DomUtils.textContent(el).trim() : '';
  return t === '' ? undefined : t;
};

function posting(el: Element, i: number, b: BoardRef): RawPosting {
  const id = text(child(el, 'id'));
  if (!id) throw new MalformedBoard(`jazzhr ${b.token}: job[${i}] has no id`);
  const city = text(child(el, 'city'));
  const region = text(child(el, 'state'));
  const country = text(child(el, 'country'));
  const words = [city, region, country].filter(Boolean).join(', ');
  // With a country it is an address; without one its words go through the shared parser ("Austin, TX").
  const address = country
    ? locationFromAddress({ locality: city ?? null, region: region ?? null, country, text: words })
    : undefined;
  const type = text(child(el, 'type'));
  const url = text(child(el, 'url'))?.replace(/^http:\/\//, 'https://');
  const p: RawPosting = {
    postingId: id,
    title: text(child(el, 'title')) ?? '',
    locationTexts: !address && words ? [words] : [],
    structuredLocations: address ? [address] : [],
    employmentValues: type ? [type] : [],
    payTexts: [],
    descriptionHtml: text(child(el, 'description')) ?? '',
  };
  if (url) p.postingUrl = p.applyUrl = url;
  return p;
}
