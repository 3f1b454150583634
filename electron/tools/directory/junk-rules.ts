import type { BoardIdentity } from './board-identity.js';

/**
 * Boards SOURCES.md names as test, demo or sandbox accounts, or as junk ids, by `platform:key`.
 * The patterns below catch most of them; this list holds the ones no pattern can tell apart from a
 * real employer (`starwars`, `sj`, `gdpr`, `bento`, `acme`).
 */
const NAMED_JUNK = new Set([
  'greenhouse:starwars',
  'greenhouse:sj',
  'greenhouse:inbound',
  'greenhouse:agodasandbox',
  'greenhouse:grayscale',
  'greenhouse:mergeapiintegrationsandbox',
  'greenhouse:wekatest',
  'greenhouse:test',
  'greenhouse:test1',
  'greenhouse:testing',
  'greenhouse:testing1',
  'greenhouse:testcompany',
  'greenhouse:gdpr',
  'greenhouse:imcsandbox33',
  'greenhouse:builtinintegrationsandbox',
  'greenhouse:thestatusnetwork',
  'greenhouse:12jlkfsk',
  'greenhouse:5364856uhdfnvbkldfnbhrpkdfgbdvtyhro',
  'ashby:ashby-embed-demo-org',
  'ashby:bento',
  'bamboohr:testinc',
  'bamboohr:katdemo',
  'bamboohr:sandbox',
  'bamboohr:demo',
  'breezy:acme',
  'breezy:sandbox',
  'breezy:test-company',
  'careerplug:sprayfoamgenie-test-account',
  'pinpoint:acme',
  'gem:gem-test-board',
  'gem:test-board',
  'gem:merge-sandbox',
  'gem:vercel-ats-sandbox',
  'gem:webflow-ats-sandbox',
  'gem:microsoft-demo-gem-com',
  'rippling:svce-test',
  'rippling:test-s',
  'lever:leverdemo',
  // A SmartRecruiters system path, not a company.
  'smartrecruiters:external-referrals',
]);

/**
 * A name that says the board is not a real employer's: "SJ Test", "Grayscale (Sandbox)", "Test Company 231",
 * "(TEST, DO NOT REMOVE)", "Partner Sandbox - RSC testing". Real names that only start with the word
 * ("Test Double", "Sandbox VR", "SandboxAQ") are kept.
 */
const TEST_NAME =
  /\b(test account|demo account|do not remove|partner sandbox)\b|\b(test|sandbox|demo)\)?$|^test( company| inc| board)?\s*\d*$/i;
/** A token that is only a test word, or one that ends in "sandbox" (`agodasandbox`, `joveo-sandbox`; not `sandboxvr`). */
const TEST_TOKEN = /^(test|testing|demo|sandbox)[-_]?\d*$|.sandbox\d*$/i;
/** Implementation (pre-production) Workday tenants. */
const IMPL_TENANT = /\.impl-wd\d+\./i;

/** Ids with no meaning to a reader: all digits, or long hex with a digit in it. */
const NUMERIC = /^\d+$/;
const HEX = /^(?=.*\d)[0-9a-f]{8,}$/i;

/** Platforms whose tokens are numeric or hex by design; there an id is junk only when nothing names it. */
const ID_PLATFORMS = new Set([
  'join',
  'gupy',
  'apploi',
  'hrmos',
  'paycom',
  'paylocity',
  'erecruiter',
  'dayforce',
  'adp',
  'pageup',
  'moka',
  'comeet',
  'ukg',
]);

// Letters of any script count: "ГК Покровский" is a name, not an echo of the token 315.
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The name says nothing the token does not: empty, itself an id, or the token again in lower case
 * ("liminalbuild"). "Stripe" for `stripe` is a name: someone wrote it with a capital.
 */
export function isEchoName(name: string, token: string): boolean {
  const n = squash(name);
  return n === '' || NUMERIC.test(n) || (name === name.toLowerCase() && n === squash(token));
}

/** Why a board is left out of the directory, or undefined when it is kept. `name` is the best name found for it. */
export function junkReason(b: BoardIdentity, name: string): string | undefined {
  if (NAMED_JUNK.has(`${b.platform}:${b.key}`)) return 'named in SOURCES.md as test, demo or junk';
  if (TEST_TOKEN.test(b.key) || TEST_NAME.test(name)) return 'test, demo or sandbox board';
  if (b.platform === 'workday' && IMPL_TENANT.test(b.token)) return 'Workday implementation tenant';
  const lastSegment = b.key.split('/').pop() ?? b.key;
  const idLike = NUMERIC.test(lastSegment) || HEX.test(lastSegment.replace(/-/g, ''));
  if (idLike && isEchoName(name, b.key)) return 'numeric or hex id with no name';
  if (idLike && !ID_PLATFORMS.has(b.platform) && NUMERIC.test(squash(name))) return 'numeric or hex id with no name';
  return undefined;
}
