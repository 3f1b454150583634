import { describe, expect, it } from 'vitest';
import {
  REGIONS,
  regionHolds,
  regionOfPlace,
  regionWords,
  regionsHolding,
  type RegionCode,
} from '../../../electron/service/text/regions.js';
import { isCountryCode } from '../../../shared/rules/country.js';

// The region a place text names, and who a region holds (docs/decisions/region-postings.md).

describe('the region a place names', () => {
  it.each([
    ['Remote - Europe', 'EUROPE'],
    ['Europe (Remote)', 'EUROPE'],
    ['Remote in Europe', 'EUROPE'],
    ['Remote – Europe only', 'EUROPE'],
    ['EMEA', 'EMEA'],
    ['Remote, EMEA', 'EMEA'],
    ['Anywhere in the EU', 'EU'],
    ['Remote (LATAM)', 'LATAM'],
    ['Latin America', 'LATAM'],
    ['APAC', 'APAC'],
    ['Asia Pacific', 'APAC'],
    ['Remote - DACH', 'DACH'],
    ['Nordics', 'NORDICS'],
    ['Remote - North America', 'NAMER'],
    ['Benelux', 'BENELUX'],
    ['Remote (Americas)', 'AMERICAS'],
  ] as const)('%s → %s', (text, code) => {
    expect(regionOfPlace({ text })).toBe(code);
  });

  it.each(['Remote - Global', 'Worldwide', 'Anywhere', 'Remote', 'Berlin', 'Europe and Berlin', 'Asia', 'Remote - US'])(
    '%s names no region (unknown stays unknown)',
    (text) => {
      expect(regionOfPlace({ text })).toBeUndefined();
    },
  );

  it('a place with a country is that country, whatever its words', () => {
    expect(regionOfPlace({ text: 'Europe', country: 'DE' })).toBeUndefined();
  });
});

describe('who a region holds', () => {
  it('holds only real ISO codes, and the big regions hold the small ones', () => {
    for (const [code, r] of Object.entries(REGIONS))
      for (const c of r.members.split(' ')) expect(isCountryCode(c), `${code}: ${c}`).toBe(true);
    const within = (small: RegionCode, big: RegionCode) =>
      REGIONS[small].members.split(' ').every((c) => regionHolds(big, c));
    expect(within('EU', 'EUROPE')).toBe(true);
    expect(within('DACH', 'EUROPE')).toBe(true);
    expect(within('NORDICS', 'EMEA')).toBe(true);
    expect(within('EUROPE', 'EMEA')).toBe(true);
    expect(within('LATAM', 'AMERICAS')).toBe(true);
    expect(within('SEA', 'APAC')).toBe(true);
  });

  it('Germany: EU, EEA, Europe, EMEA, DACH; the UK: Europe and EMEA but not the EU; the US: North America and the Americas', () => {
    expect(regionsHolding('DE').sort()).toEqual(['DACH', 'EEA', 'EMEA', 'EU', 'EUROPE']);
    expect(regionsHolding('GB').sort()).toEqual(['EMEA', 'EUROPE', 'UKI']);
    expect(regionsHolding('US').sort()).toEqual(['AMERICAS', 'NAMER']);
    expect(regionsHolding('BR').sort()).toEqual(['AMERICAS', 'LATAM']);
    expect(regionHolds('EUROPE', 'RU')).toBe(false);
    expect(regionHolds('EMEA', 'RU')).toBe(true);
  });

  it('reads "Remote — Europe" on a card, the region alone where the place is not remote', () => {
    expect(regionWords('EUROPE', true)).toBe('Remote — Europe');
    expect(regionWords('EMEA', false)).toBe('EMEA');
  });
});
