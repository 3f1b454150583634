import { describe, expect, it } from 'vitest';
import {
  salaryFromAshbyCompensation,
  salaryFromLeverRange,
  salaryFromStructured,
  salaryFromText,
} from '../../../../electron/service/crawl/normalize/salary-text.js';

const pay = (min: number, max: number, currency: string, period: string) => ({ min, max, currency, period });

describe('salaryFromText: pay-transparency text → {min, max, currency, period}', () => {
  it.each([
    ['$120,000 - $150,000 a year', pay(120000, 150000, 'USD', 'year')],
    ['Salary Range: £81,999 — £110,940 GBP', pay(81999, 110940, 'GBP', 'year')],
    ['Base salary €50K–€60K', pay(50000, 60000, 'EUR', 'year')],
    ['CA$90,000—CA$110,000 CAD', pay(90000, 110000, 'CAD', 'year')],
    ['Pay: $17–$22/hr', pay(17, 22, 'USD', 'hour')],
    ['£30/hr', pay(30, 30, 'GBP', 'hour')],
    ['Annual Gross Base Salary of 18.000€ - 23.000€ depending on your level', pay(18000, 23000, 'EUR', 'year')],
    ['The monthly rate for this internship is $11,000 USD per month', pay(11000, 11000, 'USD', 'month')],
    ['The salary range for this position is estimated to be $28/hour to $47/hour.', pay(28, 47, 'USD', 'hour')],
    ['Salary range: $100,000- $110,000 + $25,000.00 - $27,500.00 Variable', pay(100000, 110000, 'USD', 'year')],
    // Large-unit currencies are judged by what they are worth, not by their digits.
    ['₩12,000 per hour', pay(12000, 12000, 'KRW', 'hour')],
    ['₩107,101,000/yr', pay(107101000, 107101000, 'KRW', 'year')],
    ['Salary: IDR 2,500,000,000 - IDR 3,000,000,000 per year', pay(2500000000, 3000000000, 'IDR', 'year')],
    ['VND 30,000,000 per month', pay(30000000, 30000000, 'VND', 'month')],
  ])('%s', (text, want) => expect(salaryFromText(text)).toEqual(want));

  it.each([
    'In January 2025, we raised a $180 million Series C round',
    'We hit the $1m and $2m ARR milestones',
    '401(k) with a 4% match',
    '5+ years of experience, 20 days PTO',
    '$500 per month credit for waiving medical benefits',
    'Housing subsidy of $2k per month for those living nearby',
    '$100/month education budget',
    'Variable: $25,000 - $27,500 commission on top',
    'Companies with $50M+ revenue',
    'A €30,000,000 yearly budget for the team',
    '$1/hr',
    'Competitive salary and benefits',
    '',
  ])('no pay in "%s"', (text) => expect(salaryFromText(text)).toBeNull());

  it('takes the first stated pay, past perks before it', () => {
    expect(
      salaryFromText('Fertility HRA (up to $5,000 per year). Salary Range: $80,000 - $90,000 base salary'),
    ).toEqual(pay(80000, 90000, 'USD', 'year'));
  });
});

describe('structured pay', () => {
  it('a min/max/currency/interval quadruple; zeros or a missing currency are not stated', () => {
    expect(salaryFromStructured({ min: 50000, max: 60000, currency: 'eur', interval: 'per-year-salary' })).toEqual(
      pay(50000, 60000, 'EUR', 'year'),
    );
    expect(salaryFromStructured({ min: 0, max: 0, currency: 'USD', interval: 'per-year-salary' })).toBeNull();
    expect(salaryFromStructured({ min: 50000, max: 60000, currency: null, interval: 'per-year-salary' })).toBeNull();
  });

  it('Lever salaryRange', () => {
    expect(salaryFromLeverRange({ min: 45000, max: 55000, currency: 'EUR', interval: 'per-year-salary' })).toEqual(
      pay(45000, 55000, 'EUR', 'year'),
    );
    expect(salaryFromLeverRange(undefined)).toBeNull();
  });

  it('Ashby: the Salary component, never equity or bonus', () => {
    const comp = {
      summaryComponents: [
        { compensationType: 'EquityPercentage', interval: '1 YEAR', minValue: 0.1, maxValue: 0.2 },
        { compensationType: 'Salary', interval: '1 YEAR', currencyCode: 'USD', minValue: 159100, maxValue: 218800 },
      ],
    };
    expect(salaryFromAshbyCompensation(comp)).toEqual(pay(159100, 218800, 'USD', 'year'));
    expect(
      salaryFromAshbyCompensation({
        summaryComponents: [
          { compensationType: 'Bonus', interval: '1 YEAR', currencyCode: 'USD', minValue: 10, maxValue: 20 },
        ],
      }),
    ).toBeNull();
  });
});
