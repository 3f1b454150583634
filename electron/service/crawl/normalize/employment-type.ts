// Employment type from a platform's structured value(s) first, then the title. Unknown stays undefined.
import type { EmploymentType } from '#shared/rules/vocabulary';
import { seniorityOf } from './seniority.js';

// Order matters: "Full-time Internship" is an internship, "Fixed-term contract" temporary.
const RULES: ReadonlyArray<readonly [RegExp, EmploymentType]> = [
  [
    /\b(?:intern|interns|internship|internships|stagiaire|stage|praktikum|praktikant|werkstudent|working student|co ?op|apprentice|apprenticeship|alternance|alternant|trainee|placement|summer student)\b/i,
    'internship',
  ],
  [
    /\b(?:temporary|temp|seasonal|fixed ?term|fixed ?duration|ftc|cdd|interim|intérim|befristet|locum|maternity cover|maternity leave cover|parental leave cover)\b/i,
    'temporary',
  ],
  [
    /\b(?:contract|contractor|contractors|freelance|freelancer|consultant contract|independent contractor|1099|c2c|corp to corp|contract to hire|temp to hire)\b/i,
    'contract',
  ],
  [/\b(?:part ?time|parttime|mi ?temps|teilzeit|half ?time)\b/i, 'part_time'],
  [/\b(?:full ?time|fulltime|permanent|regular|salaried|cdi|vollzeit|temps plein|employee|perm)\b/i, 'full_time'],
];

/** Title words that say a type; titles are weaker, so "Contract Manager" must not read as contract. */
const TITLE_RULES: ReadonlyArray<readonly [RegExp, EmploymentType]> = [
  [
    /\b(?:intern|internship|stagiaire|stage|praktikum|praktikant|werkstudent|working student|co ?op|apprentice|apprenticeship|alternance|alternant)\b/i,
    'internship',
  ],
  [/\b(?:temporary|temp|seasonal|fixed ?term|ftc|cdd|maternity cover|parental leave cover)\b/i, 'temporary'],
  // "(Contract)", "Contract role", "- Contract", and a contract with its length: "(6-12 months Contract)", "- 12months contract".
  [
    /\((?:contract|contractor|freelance)\)|\b(?:contractor|freelancer|freelance)\b|\bcontract\s*(?:role|position|basis|[-–]|$)|[-–,]\s*contract\b|\b\d+(?:\s*[-–]\s*\d+)?\s*[- ]?months?\s+contract\b/i,
    'contract',
  ],
  [/\b(?:part ?time|parttime|mi ?temps|teilzeit)\b/i, 'part_time'],
  [/\b(?:full ?time|fulltime|permanent|cdi)\b/i, 'full_time'],
];

const PROGRAMME = /\bprogram(?:me)?s?\b/i;

function splitCamel(s: string): string {
  return s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
}

/** Every type a value states. "Permanent / Contract", "Full-time or part-time" state two. */
function typesIn(value: string, rules: ReadonlyArray<readonly [RegExp, EmploymentType]>): EmploymentType[] {
  const v = splitCamel(value.trim());
  const found = rules.filter(([re]) => re.test(v)).map(([, type]) => type);
  // "Full-time Internship", "Fixed-term contract": the narrower kind is what the value means.
  const narrow = found.find((t) => t === 'internship' || t === 'temporary');
  return narrow ? [narrow] : [...new Set(found)];
}

/**
 * `values`: the platform's structured field(s) first (Ashby employmentType, Lever commitment,
 * SmartRecruiters typeOfEmployment…), the title last. The first value that states one type wins; a
 * value that states two ("Permanent / Contract") says nothing. A title's internship, temporary or
 * contract word refines a structured full- or part-time (that field states the hours: "Time Type:
 * Full Time" on an "Office Management Intern", PartTime on a "Specialist (Freelance)").
 */
export function employmentTypeOf(values: Array<string | undefined>): EmploymentType | undefined {
  const last = values.length - 1;
  const title = values.length > 1 ? values[last] : undefined;
  const titleType = title ? typesIn(title, TITLE_RULES) : [];
  for (let i = 0; i < values.length; i++) {
    const raw = values[i];
    if (!raw || !raw.trim()) continue;
    const isTitle = i === last && values.length > 1;
    // A field holding a programme's name ("Binance Accelerator Program", "Graduate Programme") names
    // no type, unless it says which ("Summer Internship Program").
    if (!isTitle && PROGRAMME.test(raw) && !RULES[0]![0].test(splitCamel(raw))) continue;
    const types = typesIn(raw, isTitle ? TITLE_RULES : RULES);
    if (types.length !== 1) continue;
    const type = types[0]!;
    // The title's kind refines a field that states hours; its "(Part-Time)" refines a full-time field.
    const t = titleType.length === 1 ? titleType[0] : undefined;
    if (t && t !== 'full_time' && t !== 'part_time' && (type === 'full_time' || type === 'part_time')) return t;
    if (t === 'part_time' && type === 'full_time') return t;
    return type;
  }
  return undefined;
}

/** Description statements of the type, when no field or title states it. */
const DESCRIPTION_RULES: ReadonlyArray<RegExp> = [
  // "Job Type: Part-time", "Employment type : Full-time", "Contract type: CDI"
  /\b(?:job|employment|contract|position)\s+types?\s*:\s*([\p{L} /-]{3,40})/iu,
  // "The position is full time in Madrid", "This role is a fixed-term contract"
  /\b(?:this|the)\s+(?:position|role|job)\s+is\s+(?:a\s+)?((?:full|part)[- ]?time|permanent|temporary|fixed[- ]term|freelance)\b/i,
  // "a 3-6 month internship program", "The internship is paid and runs for 6 months"
  /\b(\d+(?:\s*[-–]\s*\d+)?[- ]month\s+(?:paid\s+)?internship|internship\s+(?:program|programme)|the\s+internship\s+is\s+(?:paid|unpaid))\b/i,
];

/**
 * The type of a posting: its fields and title (employmentTypeOf), else the description's own words.
 * An internship the description states ("minimum 3-month internship duration") refines a full- or
 * part-time field, as a title's would.
 */
export function employmentTypeOfPosting(
  values: Array<string | undefined>,
  description: string | undefined,
): EmploymentType | undefined {
  const stated = employmentTypeOf(values);
  let described = employmentTypeFromDescription(description);
  // A senior role's description that mentions an internship speaks of the company's programme
  // ("mentor our design internship program"), not of this role.
  const title = values.length > 0 ? values[values.length - 1] : undefined;
  const rung = title ? seniorityOf(title) : undefined;
  if (described === 'internship' && rung && rung !== 'intern' && rung !== 'junior' && rung !== 'mid')
    described = undefined;
  if (!stated) return described;
  return described === 'internship' && (stated === 'full_time' || stated === 'part_time') ? described : stated;
}

/** The type a description states in so many words, or undefined (never read from loose mentions). */
export function employmentTypeFromDescription(text: string | undefined): EmploymentType | undefined {
  if (!text) return undefined;
  for (const re of DESCRIPTION_RULES) {
    const m = re.exec(text);
    if (!m) continue;
    const types = typesIn(m[1]!, RULES);
    if (types.length === 1) return types[0];
  }
  return undefined;
}

/** The same rules for a title alone (when a platform has no structured field). */
export function employmentTypeFromTitle(title: string): EmploymentType | undefined {
  for (const [re, type] of TITLE_RULES) if (re.test(title)) return type;
  return undefined;
}
