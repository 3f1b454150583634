/** A location as the service states it (index records and wire messages alike). */
export interface LocationParts {
  city?: string | undefined;
  region?: string | undefined;
  country?: string | undefined;
  text?: string | undefined;
  remote: boolean;
}

/** One location in words: the source's own text, else "City, Region, CC", marked when remote. */
export function locationWords(l: LocationParts): string {
  if (l.text) return l.text;
  const parts = [l.city, l.region, l.country].filter(Boolean);
  if (parts.length === 0) return l.remote ? 'Remote' : '';
  return l.remote ? `Remote (${parts.join(', ')})` : parts.join(', ');
}
