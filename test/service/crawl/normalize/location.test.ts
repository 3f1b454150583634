import { describe, expect, it } from 'vitest';
import { isMacroRegion, locationFromAddress, parseLocations } from '../../../../electron/service/text/location.js';

const places = (text: string) => parseLocations(text).map((l) => [l.city, l.region, l.country]);
const countries = (text: string) => parseLocations(text).map((l) => l.country);

describe('parseLocations: a location string → places with an ISO country, the original text kept', () => {
  it('reads city, region and country, and keeps the source words', () => {
    expect(parseLocations('Glasgow, Kentucky')).toEqual([
      { text: 'Glasgow, Kentucky', city: 'Glasgow', region: 'KY', country: 'US', remote: false },
    ]);
    expect(places('Cape Town, South Africa')).toEqual([['Cape Town', 'Western Cape', 'ZA']]);
    expect(places('Taiwan, Taipei')).toEqual([['Taipei', undefined, 'TW']]);
    expect(places('India-Karnataka')).toEqual([[undefined, 'Karnataka', 'IN']]);
  });

  it('splits the places a string lists', () => {
    expect(countries('New York, NY; London, UK')).toEqual(['US', 'GB']);
    expect(countries('Paris, France, Barcelona, Spain')).toEqual(['FR', 'ES']);
    expect(countries('Jakarta & Kuala Lumpur')).toEqual(['ID', 'MY']);
    expect(countries('North America (Canada & United States)')).toEqual(['CA', 'US']);
  });

  it('a qualifier decides between places of one name; alone, an ambiguous name gets no country', () => {
    expect(countries('Cambridge, MA')).toEqual(['US']);
    expect(countries('Cambridge, UK')).toEqual(['GB']);
    expect(countries('Cambridge')).toEqual([undefined]);
    expect(countries('Tbilisi, Georgia')).toEqual(['GE']);
    expect(countries('Atlanta, Georgia')).toEqual(['US']);
    expect(countries('Georgia')).toEqual([undefined]);
  });

  it('one name per city, whatever the board wrote: the text keeps the words', () => {
    expect(parseLocations('New York City')).toEqual([
      { text: 'New York City', city: 'New York', region: 'NY', country: 'US', remote: false },
    ]);
    expect(places('NYC')).toEqual([['New York', 'NY', 'US']]);
    expect(places('India-Bangalore')).toEqual([['Bengaluru', 'Karnataka', 'IN']]);
    expect(places('München, Germany')).toEqual([['Munich', undefined, 'DE']]);
    expect(places('Dar es Salam, Tanzania')).toEqual([['Dar es Salaam', undefined, 'TZ']]);
    expect(
      locationFromAddress({ locality: 'New York City', region: 'NY', country: 'USA', text: 'New York, NY (HQ)' }),
    ).toMatchObject({ city: 'New York', text: 'New York, NY (HQ)' });
  });

  it('"Norfolk" is a city (Virginia) or a county (England), not Norfolk Island', () => {
    expect(places('Norfolk, Virginia')).toEqual([['Norfolk', 'VA', 'US']]);
    expect(countries('Norfolk')).toEqual([undefined]);
    expect(countries('Norfolk Island')).toEqual(['NF']);
  });

  it('a country code before a dash or colon qualifies the place after it ("US-San Francisco", "CA-Toronto")', () => {
    expect(places('US-San Francisco, US-Seattle')).toEqual([
      ['San Francisco', 'CA', 'US'],
      ['Seattle', 'WA', 'US'],
    ]);
    expect(places('CA-Toronto, CA-Montreal')).toEqual([
      ['Toronto', 'ON', 'CA'],
      ['Montreal', 'QC', 'CA'],
    ]);
    expect(countries('MX- Mexico City')).toEqual(['MX']);
    expect(countries('US: SF Bay Area')).toEqual(['US']);
  });

  it('"N/A" names no place; a place wrapped whole in parentheses is read', () => {
    expect(parseLocations('N/A')).toEqual([]);
    expect(parseLocations('n/a')).toEqual([]);
    expect(places('(Bengaluru, India)')).toEqual([['Bengaluru', 'Karnataka', 'IN']]);
    expect(places('Taipei City')).toEqual([['Taipei', undefined, 'TW']]);
  });

  it('an unparseable string keeps its text and gets no country', () => {
    expect(parseLocations('Somewhere Nice')).toEqual([{ text: 'Somewhere Nice', remote: false }]);
    expect(parseLocations('   ')).toEqual([]);
  });

  it('says remote, hybrid and office as the text does; a macro region is no country', () => {
    expect(parseLocations('Remote - US')).toEqual([{ text: 'Remote - US', remote: true, country: 'US' }]);
    expect(parseLocations('Remote (EMEA)').map((l) => [l.remote, l.country])).toEqual([[true, undefined]]);
    expect(parseLocations('Hybrid - London').map((l) => [l.hybrid, l.country])).toEqual([[true, 'GB']]);
    expect(parseLocations('New York, NY (HQ)').map((l) => [l.office, l.remote, l.country])).toEqual([
      [true, false, 'US'],
    ]);
    expect(parseLocations('North America (Canada)')[0]).not.toHaveProperty('city');
  });
});

describe('isMacroRegion: a text naming only places bigger than a country', () => {
  it.each(['Remote - North America', 'NAMER', 'EMEA', 'Remote - Europe', 'APAC'])('%s is', (t) =>
    expect(isMacroRegion(t)).toBe(true),
  );
  it.each(['Remote - US', 'Toronto', 'UK & Europe - Remote', 'Somewhere Nice'])('%s is not', (t) =>
    expect(isMacroRegion(t)).toBe(false),
  );
});

describe('locationFromAddress: a platform postal address', () => {
  it('takes the address as stated, with the text kept and its remote / office words', () => {
    expect(locationFromAddress({ locality: 'Toronto', region: 'Ontario', country: 'Canada', text: 'Toronto' })).toEqual(
      {
        text: 'Toronto',
        city: 'Toronto',
        region: 'Ontario',
        country: 'CA',
        remote: false,
      },
    );
    expect(locationFromAddress({ country: 'United States', text: 'Remote (US)' })).toMatchObject({
      remote: true,
      country: 'US',
    });
    expect(
      locationFromAddress({ locality: 'San Francisco', country: 'USA', text: 'San Francisco Office' }),
    ).toMatchObject({ office: true, country: 'US' });
  });

  it('a remote word or the country itself in the city or region field is no city', () => {
    expect(
      locationFromAddress({ locality: 'Remote', region: 'Remote', country: 'United States', text: 'US Remote' }),
    ).toEqual({ text: 'US Remote', country: 'US', remote: true });
    expect(locationFromAddress({ locality: 'Japan', region: 'Japan', country: 'Japan', text: 'Japan' })).toEqual({
      text: 'Japan',
      country: 'JP',
      remote: false,
    });
    expect(locationFromAddress({ locality: 'Singapore', country: 'Singapore', text: 'Singapore' })).toMatchObject({
      city: 'Singapore',
      country: 'SG',
    });
    expect(
      locationFromAddress({
        locality: 'Norfolk',
        region: 'Virginia',
        country: 'United States',
        text: 'Norfolk, Virginia',
      }),
    ).toMatchObject({ city: 'Norfolk', country: 'US' });
  });

  it('a remote text pinned to a city the text does not name ("Remote - US" at San Francisco) keeps no city', () => {
    expect(
      locationFromAddress({
        locality: 'San Francisco',
        region: 'California',
        country: 'United States',
        text: 'Remote - US',
      }),
    ).toEqual({ text: 'Remote - US', country: 'US', remote: true });
    expect(
      locationFromAddress({
        locality: 'Albany',
        region: 'New York',
        country: 'United States',
        text: 'Remote - New York',
      }),
    ).toEqual({
      text: 'Remote - New York',
      region: 'New York',
      country: 'US',
      remote: true,
    });
    expect(locationFromAddress({ locality: 'Berlin', country: 'Germany', text: 'Remote - Berlin' })).toMatchObject({
      city: 'Berlin',
      country: 'DE',
      remote: true,
    });
    // Not remote: the address may be more precise than the text ("Toronto" office for "Canada").
    expect(locationFromAddress({ locality: 'Toronto', country: 'Canada', text: 'Canada' })).toMatchObject({
      city: 'Toronto',
      country: 'CA',
    });
  });

  it('an address without a text or place is nothing; an unknown country stays unknown', () => {
    expect(locationFromAddress({})).toBeUndefined();
    expect(locationFromAddress({ locality: 'Atlantis', country: 'Lemuria' })).toEqual({
      text: 'Atlantis, Lemuria',
      city: 'Atlantis',
      remote: false,
    });
  });
});
