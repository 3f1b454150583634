// How true a crawled job is, measured: hand-labelled real postings (labelled-postings.json: file,
// posting id and the expected countries, remote, employment type and salary, read off each posting)
// are crawled from the real payloads through the replay server, and each field is compared.
// The targets are issue 14's. The payloads are test data in ../shared and never committed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawledJobId } from '../../../../electron/service/crawl/job-id.js';
import { crawl, PATIENT_RETRY, tempIndex } from '../crawl-harness.js';
import { REALJOBS_ABSENT_MESSAGE, REALJOBS_PRESENT, realBoards } from '../realjobs.js';
import { ReplayServer } from '../replay-server.js';
import {
  EXTRA_FIELDS,
  EXTRA_FLOORS,
  fieldAccuracy,
  TARGETS,
  type Field,
  type Label,
  type Observed,
} from './accuracy.js';

const LABELS: Label[] = JSON.parse(readFileSync(join(import.meta.dirname, 'labelled-postings.json'), 'utf8'));

describe(
  REALJOBS_PRESENT
    ? 'crawled jobs against hand-labelled real postings'
    : '../shared absent: crawl accuracy cannot be measured',
  () => {
    it('finds the real payloads the labels refer to', () => {
      expect(REALJOBS_PRESENT, REALJOBS_ABSENT_MESSAGE).toBe(true);
    });
    if (!REALJOBS_PRESENT) return;

    const files = new Set(LABELS.map((l) => l.file));
    const boards = realBoards().filter((b) => files.has(b.file));
    const idx = tempIndex();
    let server: ReplayServer;
    const observed = new Map<Label, Observed | undefined>();

    beforeAll(async () => {
      server = await ReplayServer.start();
      for (const b of boards) server.setBoard(b.platform, b.token, b.body);
      await crawl(
        server,
        idx.file,
        boards.map((b) => ({ platform: b.platform, token: b.token })),
        Date.parse('2026-09-01T00:00:00Z'),
        PATIENT_RETRY,
      );
      const db = new Database(idx.file, { readonly: true });
      try {
        const job = db.prepare(
          'SELECT rid, remote, work_mode, employment_type, seniority, salary_min, salary_max, salary_currency, salary_period FROM jobs WHERE id = ?',
        );
        const countries = db
          .prepare('SELECT DISTINCT country FROM job_locations WHERE job_rid = ? AND country IS NOT NULL')
          .pluck();
        const cities = db
          .prepare('SELECT DISTINCT city FROM job_locations WHERE job_rid = ? AND city IS NOT NULL')
          .pluck();
        for (const l of LABELS) {
          const b = boards.find((x) => x.file === l.file)!;
          const row = job.get(crawledJobId({ platform: b.platform, token: b.token }, l.id)) as
            Record<string, number | string | null> | undefined;
          observed.set(
            l,
            row && {
              countries: (countries.all(row.rid) as string[]).sort(),
              remote: row.remote === null ? null : row.remote === 1,
              employmentType: (row.employment_type as string) || null,
              cities: cities.all(row.rid) as string[],
              workMode: (row.work_mode as string) || null,
              seniority: (row.seniority as string) || null,
              salary:
                row.salary_min === null
                  ? null
                  : {
                      min: Number(row.salary_min),
                      max: Number(row.salary_max),
                      currency: String(row.salary_currency),
                      period: String(row.salary_period),
                    },
            },
          );
        }
      } finally {
        db.close();
      }
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      idx.cleanup();
    });

    it('labels at least 200 postings, every one of them imported', () => {
      expect(LABELS.length).toBeGreaterThanOrEqual(200);
      const missing = LABELS.filter((l) => !observed.get(l)).map((l) => `${l.file} ${l.id}`);
      expect(missing).toEqual([]);
    });

    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    // Round 2 and later rounds (3: issue 29's kinds) carry cities, work mode and seniority.
    const round2 = LABELS.filter((l) => (l.round ?? 1) >= 2);
    const round2Line = (field: Field) => {
      const r = fieldAccuracy(round2, observed, field);
      return `round 2 ${pct(r.share)} of ${round2.length}`;
    };

    it.each(Object.entries(TARGETS))('%s is right for at least its target share', (field, target) => {
      const r = fieldAccuracy(LABELS, observed, field as keyof typeof TARGETS);
      const blind = fieldAccuracy(
        LABELS.filter((l) => l.blind),
        observed,
        field as keyof typeof TARGETS,
      );
      console.log(
        `${field}: ${pct(r.share)} right (${r.right}/${LABELS.length}; held-out ${pct(blind.share)} of ${blind.right + blind.wrong.length}, ${round2Line(field as Field)}; target ${pct(target)})` +
          r.wrong.map((w) => `\n  wrong: ${w}`).join(''),
      );
      expect(r.share, r.wrong.join('\n')).toBeGreaterThanOrEqual(target);
      // The postings labelled blind (before the rules were tuned on them) must meet the target too.
      expect(blind.share, blind.wrong.join('\n')).toBeGreaterThanOrEqual(target);
    });

    // Cities, work mode and seniority are labelled from round 2 on: measured there, printed with every miss.
    it.each(EXTRA_FIELDS)('%s (round-2 labels) is right for at least its floor', (field) => {
      const r = fieldAccuracy(round2, observed, field);
      console.log(
        `${field}: ${pct(r.share)} right (${r.right}/${round2.length}, rounds 2+ only; floor ${pct(EXTRA_FLOORS[field])})` +
          r.wrong.map((w) => `\n  wrong: ${w}`).join(''),
      );
      expect(r.share, r.wrong.join('\n')).toBeGreaterThanOrEqual(EXTRA_FLOORS[field]);
    });
  },
);
