import { describe, expect, it } from 'vitest';
import { seniorityOf } from '../../../../electron/service/crawl/normalize/seniority.js';

describe('seniorityOf: from the title only', () => {
  it.each([
    ['Software Engineer Intern', 'intern'],
    ['Head of Customer Success', 'director'],
    ['VP, Engineering', 'director'],
    ['Principal Platform Engineer - Americas', 'staff'],
    ['Staff Software Engineer | AI DevX', 'staff'],
    ['Tech Lead, Payments', 'lead'],
    ['Engineering Manager', 'manager'],
    ['Senior Product Designer', 'senior'],
    ['Sr. Data Engineer', 'senior'],
    ['Junior Designer', 'junior'],
    ['Software Engineer II', 'mid'],
  ] as const)('%s → %s', (title, want) => expect(seniorityOf(title)).toBe(want));

  // A product, program, project or account manager is a job, not a rung: a level word in the title
  // says the rung; a people manager stays a manager whatever the level word.
  it.each([
    ['Sr. Product Manager, Organic Growth (SEO/GEO/AEO)', 'senior'],
    ['Junior Marketing Product Manager', 'junior'],
    ['Senior Program Manager', 'senior'],
    ['Associate Product Manager', 'junior'],
    ['Product Manager (Catalogue)', 'manager'],
    ['Senior Engineering Manager', 'manager'],
    ['Senior Manager, Revenue Operations', 'manager'],
    // So is an architect: a level word says the rung, alone the job reads as staff.
    ['Senior Application Security Architect', 'senior'],
    ['Associate Solutions Architect', 'junior'],
    ['Solutions Architect', 'staff'],
    ['Principal Architect', 'staff'],
  ] as const)('%s → %s', (title, want) => expect(seniorityOf(title)).toBe(want));

  it.each(['Software Engineer', 'Accountant', 'Customer support agent'])('%s states none', (title) =>
    expect(seniorityOf(title)).toBeUndefined(),
  );
});
