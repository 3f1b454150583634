import { describe, expect, it } from 'vitest';
import { parseLocations } from '../../../../electron/service/text/location.js';
import {
  decideWorkMode,
  descriptionWorkMode,
  structuredWorkMode,
} from '../../../../electron/service/crawl/normalize/work-mode.js';

const at = (...texts: string[]) => texts.flatMap((t) => parseLocations(t));

describe('decideWorkMode: the one rule for structured fields against words', () => {
  it('a structured workplace type decides, whatever the words or the flag say', () => {
    expect(
      decideWorkMode({ structured: 'onsite', remoteFlag: true, locations: at('Remote'), title: 'Engineer (Remote)' }),
    ).toEqual({ remote: false, workMode: 'onsite' });
    expect(decideWorkMode({ structured: 'hybrid', locations: at('Remote'), title: 'x' })).toEqual({
      remote: false,
      workMode: 'hybrid',
    });
    expect(decideWorkMode({ structured: 'remote', locations: at('Paris'), title: 'x' })).toEqual({
      remote: true,
      workMode: 'remote',
    });
  });

  it('a remote flag against an office, and nothing else saying remote: the office wins', () => {
    expect(decideWorkMode({ remoteFlag: true, locations: at('San Francisco Office'), title: 'Engineer' })).toEqual({
      remote: false,
    });
    expect(
      decideWorkMode({ remoteFlag: true, locations: at('New York, NY (HQ)', 'San Francisco, CA'), title: 'Engineer' }),
    ).toEqual({ remote: false });
  });

  it('the flag stands where no office contradicts it, or where the words say remote too', () => {
    expect(decideWorkMode({ remoteFlag: true, locations: at('Toronto'), title: 'Engineer' })).toEqual({
      remote: true,
      workMode: 'remote',
    });
    expect(decideWorkMode({ remoteFlag: true, locations: at('New York, NY (HQ)', 'Remote (US)'), title: 'x' })).toEqual(
      { remote: true, workMode: 'remote' },
    );
    expect(
      decideWorkMode({
        remoteFlag: true,
        locations: at('New York, NY (HQ)'),
        title: 'x',
        description: 'This role is remote.',
      }),
    ).toEqual({ remote: true, workMode: 'remote' });
    expect(
      decideWorkMode({
        remoteFlag: true,
        locations: at('Sydney Office'),
        title: 'x',
        description: 'Apply now #LI-Hybrid',
      }),
    ).toEqual({ remote: false, workMode: 'hybrid' });
  });

  it('a false flag gives way to words that say remote or hybrid', () => {
    expect(
      decideWorkMode({
        remoteFlag: false,
        locations: at('New York'),
        title: 'x',
        description: 'This role is remote-first, so it can be done from anywhere',
      }),
    ).toEqual({ remote: true, workMode: 'remote' });
    expect(
      decideWorkMode({ remoteFlag: false, locations: at('Nashville, Tennessee'), title: 'BCBA - Remote' }),
    ).toEqual({ remote: true, workMode: 'remote' });
    expect(decideWorkMode({ remoteFlag: false, locations: at('Paris'), title: 'x' })).toEqual({ remote: false });
  });

  it('no field: the words; a named place and no word is not remote; nothing at all is unknown', () => {
    expect(decideWorkMode({ locations: at('Remote - US'), title: 'x' })).toEqual({ remote: true, workMode: 'remote' });
    expect(decideWorkMode({ locations: at('Hybrid - London'), title: 'x' })).toEqual({
      remote: false,
      workMode: 'hybrid',
    });
    // Issue 29: a working model the posting offers ("Hybrid, casual work environment") states its mode.
    expect(
      decideWorkMode({
        locations: at('Cape Town'),
        title: 'x',
        description: 'Benefits: Hybrid, casual work environment',
      }),
    ).toEqual({ remote: false, workMode: 'hybrid' });
    expect(decideWorkMode({ locations: at('Somewhere Nice'), title: 'Bookkeeper' })).toEqual({});
  });
});

describe('descriptionWorkMode: the description speaks of this role, not the company', () => {
  it.each([
    ['Location This role is remote and can be executed globally.', 'remote'],
    ['The role is based in Japan with a fully remote work-from-home arrangement.', 'remote'],
    ['status, or disability status. #LI-Remote', 'remote'],
    ['prohibited non-merit factors. #LI-Hybrid', 'hybrid'],
    ['#LI-Onsite', 'onsite'],
    // The recruiter's tag with a city glued on by an underscore is still the tag.
    ['regardless of their race. #Li-Hybrid_CapeTown', 'hybrid'],
    // A labelled line about this role's place of work.
    ['Job Type: Full-time Pay: $18.00 - $24.00 per hour Work Location: In person', 'onsite'],
    ['Pay: $18-$23/hour Work Location: On-site, In-Home', 'onsite'],
    ['WORK LOCATION: - Remote', 'remote'],
    ['Work location: Hybrid remote in Austin, TX', 'hybrid'],
    // "can be based remotely" states this role's arrangement as "is remote" does.
    ['This role can be based remotely within one of our established hubs in Europe.', 'remote'],
  ] as const)('%s → %s', (text, want) => expect(descriptionWorkMode(text)).toBe(want));

  it.each([
    'If the job description states that the position is fully remote or 100% office-based, that arrangement will apply.',
    'We are a remote-first company with a globally distributed team.',
    'Experience managing remote teams and distributed workforce.',
    'Zapier Guide to Remote Work',
    'Work Location: Virginia',
    '#LI_Columbus',
  ])('nothing from "%s"', (text) => expect(descriptionWorkMode(text)).toBeUndefined());
});

describe('structuredWorkMode', () => {
  it('reads the platforms\' values; "unspecified" is unknown', () => {
    expect(['Remote', 'OnSite', 'Hybrid', 'unspecified', ''].map(structuredWorkMode)).toEqual([
      'remote',
      'onsite',
      'hybrid',
      undefined,
      undefined,
    ]);
  });
});
