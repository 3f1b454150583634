// Display names for the spec's wire values.

const WORDS: Record<string, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  internship: 'Internship',
  temporary: 'Temporary',
  remote: 'Remote',
  hybrid: 'Hybrid',
  onsite: 'On-site',
  intern: 'Intern',
  junior: 'Junior',
  mid: 'Mid-level',
  senior: 'Senior',
  lead: 'Lead',
  staff: 'Staff',
  manager: 'Manager',
  director: 'Director',
  // The source did not state it (docs/decisions/not-stated.md).
  not_stated: 'Not stated',
  relevance: 'Relevance',
  newest: 'Recently found',
  recently_verified: 'Recently verified',
  salary_desc: 'Highest salary (as stated)',
  pay_desc: 'Highest pay',
  posted: 'Newest',
  company: 'Company name',
  // Where a posting came from (a job's source type).
  ats: 'applicant tracking system',
};

export function label(value: string): string {
  return WORDS[value] ?? value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
