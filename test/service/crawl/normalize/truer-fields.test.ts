import { describe, expect, it } from 'vitest';
import { employmentTypeOfPosting } from '../../../../electron/service/crawl/normalize/employment-type.js';
import { parseLocations } from '../../../../electron/service/text/location.js';
import {
  salaryFromAshbyCompensation,
  salaryFromStructured,
  salaryFromText,
} from '../../../../electron/service/crawl/normalize/salary-text.js';
import { decideWorkMode, descriptionWorkMode } from '../../../../electron/service/crawl/normalize/work-mode.js';

// Issue 29's kinds of miss, each as a general rule (docs/decisions/crawl-truth.md). The texts are
// the words real postings use (held-out audit), not the postings themselves.
const at = (...texts: string[]) => texts.flatMap((t) => parseLocations(t));

describe('work mode stated in the text (English and German)', () => {
  it.each([
    [
      'Remote working: Love water cooler chats and working from home? Takealot.com offers a hybrid working model for the best of both worlds.',
      'hybrid',
    ],
    ['Benefits:\n- Hybrid, Casual work environment\n- Responsible PTO policy', 'hybrid'],
    ['Wir bieten dir ein hybrides Arbeitsmodell und flexible Arbeitszeiten.', 'hybrid'],
    ['Hybrides Arbeiten in unserem Büro in Hamburg.', 'hybrid'],
    ['Die Stelle ist zu 100 % remote besetzbar.', 'remote'],
    ['This is a hybrid role; the team is onsite 4 days per week.', 'hybrid'],
    ['This is an on-site role at our Austin plant.', 'onsite'],
  ] as const)('%j → %s', (text, mode) => {
    expect(descriptionWorkMode(text)).toBe(mode);
  });

  it.each([
    'Takealot.com offers a remote or hybrid working model for the best of both worlds.',
    'Hybrid options for some roles.',
    'We are a remote-first company.',
    'Our hybrid work model research shows teams thrive.',
  ])('%j states no mode for this role', (text) => {
    expect(descriptionWorkMode(text)).toBeUndefined();
  });

  it('a stated model decides where no field or flag does: a city plus "hybrid working model" is hybrid, not just "not remote"', () => {
    expect(
      decideWorkMode({
        locations: at('Cape Town'),
        title: 'Principal Software Engineer',
        description: 'Takealot.com offers a hybrid working model.',
      }),
    ).toEqual({ remote: false, workMode: 'hybrid' });
  });
});

describe("the posting's explicit words about this role beat a platform's field or flag", () => {
  it('a sentence about this role beats a structured workplace type', () => {
    const remote = 'This role is 100% remote (Work from Home), based in Brazil.';
    expect(
      decideWorkMode({ structured: 'hybrid', locations: at('São Paulo'), title: 'Engineer', description: remote }),
    ).toEqual({ remote: true, workMode: 'remote' });
    const hybrid = 'This is a hybrid role; the team is onsite 4 days per week.';
    expect(
      decideWorkMode({ structured: 'remote', locations: at('Remote'), title: 'Engineer', description: hybrid }),
    ).toEqual({ remote: false, workMode: 'hybrid' });
  });

  it('a labelled "Location: Remote" line beats a false flag', () => {
    expect(
      decideWorkMode({
        remoteFlag: false,
        locations: at('Manila'),
        title: 'Support Agent',
        description: 'Location: Remote (offshore, Philippines)\nHours: night shift',
      }),
    ).toEqual({ remote: true, workMode: 'remote' });
  });

  it('habits, options and a weaker model statement do not beat the field', () => {
    expect(
      decideWorkMode({
        structured: 'onsite',
        locations: at('Paris'),
        title: 'x',
        description: 'We offer a hybrid working model.',
      }),
    ).toEqual({ remote: false, workMode: 'onsite' });
    expect(
      decideWorkMode({
        structured: 'remote',
        locations: at('Remote'),
        title: 'x',
        description: 'We are a remote-first company with hybrid options.',
      }),
    ).toEqual({ remote: true, workMode: 'remote' });
    // Two explicit statements that disagree say nothing: the field stands.
    expect(
      decideWorkMode({
        structured: 'onsite',
        locations: at('Paris'),
        title: 'x',
        description: 'This role is remote. This is a hybrid role.',
      }),
    ).toEqual({ remote: false, workMode: 'onsite' });
  });
});

describe('pay', () => {
  it('a German range "zwischen EUR 90.000 und EUR 110.000" is 90,000–110,000', () => {
    expect(salaryFromText('Das Jahresgehalt liegt zwischen EUR 90.000 und EUR 110.000 brutto.')).toEqual({
      min: 90000,
      max: 110000,
      currency: 'EUR',
      period: 'year',
    });
  });

  it('"18€ / Stunde", "pro Monat", "/ Jahr" state German periods', () => {
    expect(salaryFromText('Vergütung: 18€ / Stunde')).toEqual({ min: 18, max: 18, currency: 'EUR', period: 'hour' });
    expect(salaryFromText('Gehalt: 3.500 € pro Monat')).toEqual({
      min: 3500,
      max: 3500,
      currency: 'EUR',
      period: 'month',
    });
  });

  it('a range stated per hour ("$55–65/hour") is per hour, even when the structured field says a year', () => {
    expect(salaryFromText('Compensation: $55-65/hour')).toEqual({ min: 55, max: 65, currency: 'USD', period: 'hour' });
    // Finni's Ashby component: 55–65 "1 YEAR" is no year's pay: the structured value is not taken.
    expect(salaryFromStructured({ min: 55, max: 65, currency: 'USD', interval: '1 YEAR' })).toBeNull();
  });

  it('a currency code after a "$" range names the dollar ("$100,000 - $130,000 CAD")', () => {
    expect(salaryFromText('Salary Range: $100,000 - $130,000 CAD per year, plus 5% bonus')).toEqual({
      min: 100000,
      max: 130000,
      currency: 'CAD',
      period: 'year',
    });
    expect(salaryFromText('$120,000 - $150,000 USD a year')).toEqual({
      min: 120000,
      max: 150000,
      currency: 'USD',
      period: 'year',
    });
  });

  const tiers = {
    summaryComponents: [
      { compensationType: 'Salary', interval: '1 YEAR', currencyCode: 'SGD', minValue: 115000, maxValue: 140000 },
    ],
    compensationTiers: [
      {
        title: 'Singapore',
        components: [
          { compensationType: 'Salary', interval: '1 YEAR', currencyCode: 'SGD', minValue: 115000, maxValue: 140000 },
        ],
      },
      {
        title: 'Philippines',
        components: [
          { compensationType: 'EquityPercentage' },
          { compensationType: 'Salary', interval: '1 YEAR', currencyCode: 'PHP', minValue: 2200000, maxValue: 2500000 },
        ],
      },
    ],
  };
  it("an Ashby tier titled with the posting's country is its pay; another country's tier is not", () => {
    expect(salaryFromAshbyCompensation(tiers, ['PH'])).toEqual({
      min: 2200000,
      max: 2500000,
      currency: 'PHP',
      period: 'year',
    });
    expect(salaryFromAshbyCompensation(tiers, ['SG'])).toEqual({
      min: 115000,
      max: 140000,
      currency: 'SGD',
      period: 'year',
    });
    expect(salaryFromAshbyCompensation(tiers, ['JP'])).toBeNull();
    // No country known: the summary, as before.
    expect(salaryFromAshbyCompensation(tiers, [])).toEqual({
      min: 115000,
      max: 140000,
      currency: 'SGD',
      period: 'year',
    });
  });
});

describe('employment type', () => {
  it('"(Part-Time)" or "(FTC)" in the title beats a full-time field', () => {
    expect(employmentTypeOfPosting(['FullTime', 'BCBA - ABA Therapy (Part-Time)'], '')).toBe('part_time');
    expect(employmentTypeOfPosting(['Full-time', 'Marketing Executive (FTC)'], '')).toBe('temporary');
    expect(employmentTypeOfPosting(['Full-time', 'Senior Analyst - 12 month FTC'], '')).toBe('temporary');
  });

  it('a Lever commitment that names a programme, not a type, says nothing: the title and description decide', () => {
    expect(
      employmentTypeOfPosting(
        ['Binance Accelerator Program', 'Software Engineer'],
        'The position is full time in Madrid.',
      ),
    ).toBe('full_time');
    expect(employmentTypeOfPosting(['Graduate Programme', 'Data Analyst'], '')).toBeUndefined();
    expect(employmentTypeOfPosting(['Summer Internship Program', 'Data Analyst'], '')).toBe('internship');
  });

  it('a senior role whose description mentions the internship programme is no internship', () => {
    const text =
      'Help us hire. Contribute to developing our design internship program, where you will mentor the next generation.';
    expect(employmentTypeOfPosting(['FullTime', 'Principal Product Designer'], text)).toBe('full_time');
    expect(employmentTypeOfPosting(['Staff Engineer'], text)).toBeUndefined();
    // An entry-level title with an internship stated in the description still reads as one.
    expect(employmentTypeOfPosting(['FullTime', 'Design Student'], 'This is a 6-month internship program.')).toBe(
      'internship',
    );
  });
});

describe('places', () => {
  it.each([
    ['CAN - Remote', { country: 'CA', remote: true }],
    ['Remote - DEU', { country: 'DE', remote: true }],
    ['Congo Brazzaville', { city: 'Brazzaville', country: 'CG' }],
    ['Yaoundé', { city: 'Yaoundé', country: 'CM' }],
    ['Yaoundé, Cameroon', { city: 'Yaoundé', country: 'CM' }],
    ['Remote in NYC', { city: 'New York', country: 'US', remote: true }],
  ])('%s', (text, place) => {
    const [first] = parseLocations(text);
    expect(first).toMatchObject(place);
  });

  it('a lone three-letter code that is also a state stays what it is ("NSW" is New South Wales)', () => {
    expect(parseLocations('NSW')[0]).toMatchObject({ country: 'AU', region: 'NSW' });
  });
});

describe('a working model that is the company’s habit says nothing of this role', () => {
  it.each([
    'Most Catawikians are within commuting distance of one of our offices and enjoy the flexibility of a hybrid work model.',
    'The majority of our employees follow a hybrid work model.',
  ])('%j', (text) => {
    expect(descriptionWorkMode(text)).toBeUndefined();
  });
});
