// Employment type from a platform's structured value(s) first, then the title. Unknown stays undefined.
import type { EmploymentType } from '#shared/rules/vocabulary';

// Order matters: "Full-time Internship" is an internship, "Fixed-term contract" temporary.
const RULES: ReadonlyArray<readonly [RegExp, EmploymentType]> = [
  [/\b(?:intern|interns|internship|internships|stagiaire|stage|praktikum|praktikant|werkstudent|working student|co ?op|apprentice|apprenticeship|alternance|alternant|trainee|graduate programme|placement|summer student)\b/i, 'internship'],
  [/\b(?:temporary|temp|seasonal|fixed ?term|fixed ?duration|cdd|interim|intérim|befristet|locum|maternity cover|maternity leave cover|parental leave cover)\b/i, 'temporary'],
  [/\b(?:contract|contractor|contractors|freelance|freelancer|consultant contract|independent contractor|1099|c2c|corp to corp|contract to hire|temp to hire)\b/i, 'contract'],
  [/\b(?:part ?time|parttime|mi ?temps|teilzeit|half ?time)\b/i, 'part_time'],
  [/\b(?:full ?time|fulltime|permanent|regular|salaried|cdi|vollzeit|temps plein|employee|perm)\b/i, 'full_time'],
];

/** Title words that say a type; titles are weaker, so "Contract Manager" must not read as contract. */
const TITLE_RULES: ReadonlyArray<readonly [RegExp, EmploymentType]> = [
  [/\b(?:intern|internship|stagiaire|stage|praktikum|praktikant|werkstudent|working student|co ?op|apprentice|apprenticeship|alternance|alternant)\b/i, 'internship'],
  [/\b(?:temporary|temp|seasonal|fixed ?term|cdd|maternity cover|parental leave cover)\b/i, 'temporary'],
  [/\((?:contract|contractor|freelance)\)|\b(?:contractor|freelancer|freelance)\b|\bcontract\s*(?:role|position|basis|[-–]|$)|^contract\b|[-–,]\s*contract\b/i, 'contract'],
  [/\b(?:part ?time|parttime|mi ?temps|teilzeit)\b/i, 'part_time'],
  [/\b(?:full ?time|fulltime|permanent|cdi)\b/i, 'full_time'],
];

function splitCamel(s: string): string {
  return s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
}

/**
 * `values`: the platform's structured field(s) first (Ashby employmentType, Lever commitment,
 * SmartRecruiters typeOfEmployment…), the title last. The first value that says something wins.
 */
export function employmentTypeOf(values: Array<string | undefined>): EmploymentType | undefined {
  const last = values.length - 1;
  for (let i = 0; i < values.length; i++) {
    const raw = values[i];
    if (!raw || !raw.trim()) continue;
    const v = splitCamel(raw.trim());
    const rules = i === last && values.length > 1 ? TITLE_RULES : RULES;
    for (const [re, type] of rules) if (re.test(v)) return type;
  }
  return undefined;
}

/** The same rules for a title alone (when a platform has no structured field). */
export function employmentTypeFromTitle(title: string): EmploymentType | undefined {
  for (const [re, type] of TITLE_RULES) if (re.test(title)) return type;
  return undefined;
}
