// Seniority from the title only. The first rule that matches wins; unknown stays undefined.
import type { Seniority } from '#shared/rules/vocabulary';

const RULES: ReadonlyArray<readonly [RegExp, Seniority]> = [
  [
    /\b(?:intern|interns|internship|stagiaire|stage|praktikant|praktikum|werkstudent|working student|co ?op|apprentice|alternance|alternant)\b/i,
    'intern',
  ],
  [/\b(?:chief|c[etfoi]o|cto|vp|svp|evp|vice president|head of|director|directeur|directrice|direktor)\b/i, 'director'],
  [/\b(?:principal|staff|distinguished|fellow)\b/i, 'staff'],
  [/\b(?:lead|leader|team lead|tech lead|chef de projet|responsable)\b/i, 'lead'],
  [/\b(?:manager|management|supervisor|team leader|superviseur)\b/i, 'manager'],
  [/\b(?:senior|sr|snr|confirm[ée]e?|experienced|expert|iii|iv)\b/i, 'senior'],
  [/\b(?:junior|jr|entry[ -]level|graduate|grad|new grad|associate|assistant|trainee|débutant|i)\b/i, 'junior'],
  [/\b(?:mid[ -]?level|mid[ -]senior|intermediate|ii|medior)\b/i, 'mid'],
  // Last: an architect is a job; a level word says the rung ("Senior … Architect"), alone it reads as staff.
  [/\barchitect\b/i, 'staff'],
];

// A job called manager, not a rung: "Senior Product Manager" is senior, "Junior … Product Manager" junior.
const JOB_CALLED_MANAGER = /\b(?:product|program|programme|project|account)\s+manager\b/i;

export function seniorityOf(title: string): Seniority | undefined {
  const t = title.replace(/[_/]+/g, ' ');
  // For those, the manager rule is tried last.
  const rules = JOB_CALLED_MANAGER.test(t)
    ? [...RULES.filter(([, s]) => s !== 'manager'), ...RULES.filter(([, s]) => s === 'manager')]
    : RULES;
  for (const [re, s] of rules) if (re.test(t)) return s;
  return undefined;
}
