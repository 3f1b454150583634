import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import { unpackDescription } from '../description-blob.js';
import { htmlToText } from '../write/html-text.js';
import {
  JACCARD_MIN,
  descriptionWords,
  exactDigest,
  foldBucket,
  foldTitle,
  jaccard,
  namesAPlace,
  placeWords,
  type FoldPlace,
} from './fold-rules.js';
import { seriesPlace, splitTitle } from './title-series.js';
import { WordSets } from './word-sets.js';

interface JobFoldRow {
  rid: number;
  id: string;
  title: string;
  company_cid: number;
  company_name: string;
  company_id: string;
  employment_type: string;
  seniority: string;
}

/** Place word sets of postings already read, by rid (a bucket is compared once per write). */
const CACHE_MAX = 20_000;

/**
 * Gives each written job its fold bucket and fold key (docs/decisions/folding.md): the key of
 * the most similar earlier posting of its bucket (exact words first, then word-Jaccard ≥ 0.9,
 * expired postings too, so a repost joins the posting it reopens), or a key of its own. Marks
 * only: no row is removed or hidden.
 */
export class FoldWriter {
  private readonly job: Statement<[number], JobFoldRow>;
  private readonly places: Statement<[number], FoldPlace>;
  private readonly members: Statement<[string, number], { rid: number; fold_key: string }>;
  private readonly placesOf = new Map<number, Set<string>>();
  private readonly html: { get(rid: number): string };
  private readonly mark: Statement<[string, string, number]>;
  /** Word sets of descriptions already read (a bucket is compared once per write). */
  private readonly words = new WordSets();
  private readonly siblings: Statement<
    { cid: number; rid: number; start: string },
    { rid: number; title: string; fold_bucket: string | null }
  >;

  constructor(db: Database) {
    // The company's id, not its cid: a bucket means the same in every copy of the index (a snapshot).
    this.job = db.prepare(
      'SELECT j.rid, j.id, j.title, j.company_cid, j.company_name, c.id AS company_id, j.employment_type, j.seniority FROM jobs j JOIN companies c ON c.cid = j.company_cid WHERE j.rid = ?',
    );
    this.places = db.prepare('SELECT city, region, country, text FROM job_locations WHERE job_rid = ? ORDER BY ord');
    this.members = db.prepare(
      'SELECT rid, fold_key FROM jobs WHERE fold_bucket = ? AND rid != ? AND fold_key IS NOT NULL ORDER BY rid',
    );
    const html = db.prepare<[number], string | Buffer>('SELECT html FROM job_descriptions WHERE rid = ?').pluck();
    this.html = { get: (rid: number) => unpackDescription(html.get(rid)) };
    this.mark = db.prepare('UPDATE jobs SET fold_bucket = ?, fold_key = ? WHERE rid = ?');
    this.siblings = db.prepare(
      "SELECT rid, title, fold_bucket FROM jobs WHERE company_cid = @cid AND rid != @rid AND title LIKE @start ESCAPE '\\'",
    );
  }

  /** Folds the job stored under `rid`; `text` is its description's text when the caller has it. */
  place(rid: number, text?: string, cascade = true): string | undefined {
    const j = this.job.get(rid);
    if (!j) return undefined;
    this.words.delete(rid);
    this.placesOf.delete(rid);
    const mySpots = placeWords(this.places.all(rid));
    const ownText = text ?? htmlToText(this.html.get(rid));
    // A per-town series of the board (title-series.ts): its trailing town is a place of its own.
    const start = `${j.title
      .trim()
      .split(/\s+/)[0]!
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Only a title with a trailing segment no place list knows can start a series: skip the read otherwise.
    const split = splitTitle(j.title);
    const siblings = split && !namesAPlace(split.raw) ? this.siblings.all({ cid: j.company_cid, rid, start }) : [];
    const town = seriesPlace(
      j.title,
      j.company_name,
      siblings.map((s) => ({ title: s.title, text: () => htmlToText(this.html.get(s.rid)) })),
      ownText,
    );
    if (town) for (const w of town) mySpots.add(w);
    const title = foldTitle(j.title, mySpots);
    const bucket = foldBucket(j.company_id, title, j.employment_type, j.seniority);
    const mine = new Set(descriptionWords(ownText));
    let best: { key: string; score: number } | undefined;
    for (const m of this.members.all(bucket, rid)) {
      const score = jaccard(mine, this.wordsOf(m.rid), union(mySpots, this.spotsOf(m.rid)));
      if (score >= JACCARD_MIN && (!best || score > best.score)) best = { key: m.fold_key, score };
      if (score === 1) break;
    }
    const key = best?.key ?? ownKey(bucket, j.id, mine);
    this.mark.run(bucket, key, rid);
    this.words.set(rid, mine);
    this.placesOf.set(rid, mySpots);
    // The series just became one, or grew: its earlier postings are placed again, once.
    if (town && cascade) {
      const series = splitTitle(j.title)!.prefix.join(' ');
      for (const s of siblings)
        if (s.fold_bucket !== bucket && splitTitle(s.title)?.prefix.join(' ') === series)
          this.place(s.rid, undefined, false);
    }
    return key;
  }

  private spotsOf(rid: number): Set<string> {
    let p = this.placesOf.get(rid);
    if (!p) {
      p = placeWords(this.places.all(rid));
      if (this.placesOf.size >= CACHE_MAX) this.placesOf.clear();
      this.placesOf.set(rid, p);
    }
    return p;
  }

  private wordsOf(rid: number): Set<string> {
    return this.words.get(rid) ?? this.words.set(rid, descriptionWords(htmlToText(this.html.get(rid))));
  }
}

function union(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  const u = new Set(a);
  for (const w of b) u.add(w);
  return u;
}

/** A new group's key: from the posting and its words, so a rewritten posting that no longer matches starts a new group. */
function ownKey(bucket: string, id: string, w: ReadonlySet<string>): string {
  return createHash('sha1')
    .update(`${bucket}\u0002${id}\u0002${exactDigest([...w].sort())}`)
    .digest('base64url')
    .slice(0, 16);
}

/** Folds every stored job, oldest first (the migration that adds folding, and tests). */
export function refoldAll(db: Database): number {
  db.prepare('UPDATE jobs SET fold_bucket = NULL, fold_key = NULL').run();
  const writer = new FoldWriter(db);
  const rids = db.prepare<[], number>('SELECT rid FROM jobs ORDER BY discovered_at, rid').pluck().all();
  for (const rid of rids) writer.place(rid);
  return rids.length;
}
