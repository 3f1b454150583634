import { describe, expect, it } from 'vitest';
import {
  employmentTypeFromDescription,
  employmentTypeOf,
  employmentTypeOfPosting,
} from '../../../../electron/service/crawl/normalize/employment-type.js';

describe('employmentTypeOf: the platform field first, the title last', () => {
  it.each([
    [['FullTime', 'Engineer'], 'full_time'],
    [['PartTime', 'Behavior Technician'], 'part_time'],
    [['Intern', 'Software Engineer Internship'], 'internship'],
    [['Contractor', 'iOS Engineer'], 'contract'],
    [['CDI', 'DevOps - CDI Paris'], 'full_time'],
    [["Stage de fin d'études", 'Business Developer'], 'internship'],
    [['Perm - Full-time', 'Account Manager'], 'full_time'],
    [['Freelancer (Hourly Rate)', 'Sales'], 'contract'],
    [['Seasonal', 'Agent'], 'temporary'],
  ] as const)('%j → %s', (values, want) => expect(employmentTypeOf([...values])).toBe(want));

  it('a field that states two types says nothing', () => {
    expect(employmentTypeOf(['Permanent / Contract', 'Future Opportunities'])).toBeUndefined();
  });

  it('a title states a type only in so many words: "Contract Manager" is no contract', () => {
    expect(employmentTypeOf([undefined, 'Contract Manager'])).toBeUndefined();
    expect(employmentTypeOf([undefined, 'Senior Engineer (Contract)'])).toBe('contract');
    expect(employmentTypeOf([undefined, 'Customer Support Agent (Seasonal)'])).toBe('temporary');
    expect(employmentTypeOf([undefined, 'Software Engineer'])).toBeUndefined();
  });

  it("a title's kind refines a field that states only hours", () => {
    expect(employmentTypeOf(['Full Time', 'Office Management Intern'])).toBe('internship');
    expect(employmentTypeOf(['PartTime', 'Transcription Specialist (Freelance)'])).toBe('contract');
    expect(employmentTypeOf(['PartTime', 'Full-time ABA Therapist'])).toBe('part_time');
  });

  it('a title that gives a contract its length ("6 months Contract") states a contract', () => {
    expect(employmentTypeOf(['Full-time: Remote', 'APAC Tax Lead (6-12 months Contract)'])).toBe('contract');
    expect(employmentTypeOf(['Full-time: Remote', 'Security Engineer (Golang) - 6 months Contract'])).toBe('contract');
    expect(
      employmentTypeOf([
        'Full-time Onsite or Remote',
        'Compliance Analyst (Enhanced Due Diligence) - 12months contract',
      ]),
    ).toBe('contract');
    expect(employmentTypeOf([undefined, 'Talent Acquisition Specialist (Tech Focus, 6 months contract, Remote)'])).toBe(
      'contract',
    );
    expect(employmentTypeOf([undefined, 'Product Designer (6-month contract)'])).toBe('contract');
    expect(employmentTypeOf([undefined, 'Contract Manager, 12 months experience'])).toBeUndefined();
  });
});

describe('employmentTypeFromDescription: explicit statements only', () => {
  it.each([
    ['Job Type: Part-time Pay: $21.00 - $27.00 per hour', 'part_time'],
    ['The position is full time in Madrid.', 'full_time'],
    ['The Binance Accelerator Program (BAP) is a 3-6 month internship program', 'internship'],
    ['Contract type: CDI', 'full_time'],
  ] as const)('%s → %s', (text, want) => expect(employmentTypeFromDescription(text)).toBe(want));

  it.each([
    'Prior internship or research experience at a hedge fund',
    'with the possibility for a transition into a full time position after',
    'PTO and Sick Days (full-time staff)',
  ])('nothing from "%s"', (text) => expect(employmentTypeFromDescription(text)).toBeUndefined());

  it('a described internship refines a full-time field; other statements do not override one', () => {
    expect(
      employmentTypeOfPosting(['Full-time: Remote', 'BAP - Data Analyst'], 'minimum 3-month internship duration'),
    ).toBe('internship');
    expect(employmentTypeOfPosting(['FullTime', 'Analyst'], 'Job Type: Part-time')).toBe('full_time');
    expect(employmentTypeOfPosting([undefined, 'Analyst'], 'Job Type: Part-time')).toBe('part_time');
    expect(employmentTypeOfPosting([undefined, 'Analyst'], 'We are a great team.')).toBeUndefined();
  });
});
