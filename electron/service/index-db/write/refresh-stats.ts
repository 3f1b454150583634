import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { countryName } from '#shared/format/country-name';
import { setMeta } from '../meta.js';
import { PLACE_COUNTRY, REGION_MEMBERS_JOIN, withRegionMembers } from '../search/place-countries.js';
import { FACET_FIELDS } from '../read/index-info.js';
import { facetCountSql, resultKey, roleField } from '../search/facet-groups.js';

const FIELDS: Array<[field: string, sql: string]> = [
  [
    'country',
    // A place open to a region counts under each member: a country's count is what its filter answers.
    `SELECT ${PLACE_COUNTRY} AS value, count(DISTINCT l.job_rid) AS count FROM job_locations l
     JOIN jobs j ON j.rid = l.job_rid ${REGION_MEMBERS_JOIN}
     WHERE j.status = 'active' AND ${PLACE_COUNTRY} IS NOT NULL GROUP BY 1`,
  ],
  [
    'city',
    `SELECT min(l.city) AS value, count(DISTINCT l.job_rid) AS count FROM job_locations l
     JOIN jobs j ON j.rid = l.job_rid WHERE j.status = 'active' AND l.city IS NOT NULL GROUP BY l.city_key`,
  ],
  [
    'remote',
    `SELECT CASE remote WHEN 1 THEN 'true' ELSE 'false' END AS value, count(*) AS count FROM jobs
     WHERE status = 'active' AND remote IS NOT NULL GROUP BY remote`,
  ],
  // Unknown ('') is counted as its own value, offered as "Not stated" (docs/decisions/not-stated.md).
  ['workMode', `SELECT work_mode AS value, count(*) AS count FROM jobs WHERE status = 'active' GROUP BY work_mode`],
  [
    'employmentType',
    `SELECT employment_type AS value, count(*) AS count FROM jobs WHERE status = 'active' GROUP BY employment_type`,
  ],
  ['seniority', `SELECT seniority AS value, count(*) AS count FROM jobs WHERE status = 'active' GROUP BY seniority`],
  [
    'occupation',
    `SELECT occupation AS value, count(*) AS count FROM jobs WHERE status = 'active' AND occupation IS NOT NULL GROUP BY occupation`,
  ],
  [
    'sourcePlatform',
    `SELECT source_platform AS value, count(*) AS count FROM jobs WHERE status = 'active' GROUP BY source_platform`,
  ],
  [
    'salaryCurrency',
    `SELECT salary_currency AS value, count(*) AS count FROM jobs WHERE status = 'active' AND salary_currency IS NOT NULL GROUP BY salary_currency`,
  ],
];

// Percentiles of the columns that range filters use, read off their indexes in one pass each.
const QUANTILES: Array<[field: string, sql: string]> = [
  [
    'salary_max',
    `SELECT salary_sort FROM jobs INDEXED BY jobs_by_salary WHERE status = 'active' AND salary_sort >= 0 ORDER BY salary_sort DESC, rid DESC`,
  ],
  [
    'salary_min',
    `SELECT salary_min FROM jobs INDEXED BY jobs_by_salary_min WHERE status = 'active' AND salary_min IS NOT NULL ORDER BY salary_min`,
  ],
  [
    'pay_max',
    `SELECT pay_sort FROM jobs INDEXED BY jobs_by_pay WHERE status = 'active' AND pay_sort >= 0 ORDER BY pay_sort DESC, rid DESC`,
  ],
  [
    'pay_min',
    `SELECT pay_min_eur FROM jobs INDEXED BY jobs_by_pay_min WHERE status = 'active' AND pay_min_eur IS NOT NULL ORDER BY pay_min_eur`,
  ],
  [
    'last_verified_at',
    `SELECT last_verified_at FROM jobs INDEXED BY jobs_by_verified WHERE status = 'active' ORDER BY last_verified_at DESC, rid DESC`,
  ],
  ['rid', `SELECT rid FROM jobs WHERE status = 'active' ORDER BY rid`],
];

function label(field: string, value: string): string {
  if (field === 'country') return countryName(value);
  return value;
}

/**
 * Recomputes what is derived from the jobs after a bulk change (generate, sync): facet counts,
 * quantiles, companies' active job counts, and a new index version.
 */
export function refreshStats(db: Database, now = Date.now()): void {
  withRegionMembers(db);
  db.transaction(() => {
    db.exec(`DELETE FROM facet_counts; DELETE FROM quantiles; DELETE FROM search_terms;
      INSERT INTO search_terms (term, docs) SELECT term, doc FROM job_search_vocab;`);
    const insertFacet = db.prepare('INSERT INTO facet_counts (field, value, label, count) VALUES (?, ?, ?, ?)');
    for (const [field, sql] of FIELDS) {
      for (const r of db.prepare<[], { value: string; count: number }>(sql).all()) {
        insertFacet.run(field, r.value, label(field, r.value), r.count);
      }
    }
    // Folded lists count roles (docs/decisions/folded-counts.md): the whole index's, kept beside.
    for (const field of FACET_FIELDS) {
      const sql = facetCountSql(field, "jobs j WHERE j.status = 'active'", true);
      for (const r of db.prepare<[], { value: string; label: string; count: number }>(sql).all())
        insertFacet.run(roleField(field), r.value, r.label, r.count);
    }
    const roles = `SELECT count(DISTINCT ${resultKey(true)}) FROM jobs j WHERE j.status = 'active'`;
    setMeta(db, 'active_roles', String(db.prepare(roles).pluck().get()));
    const insertQ = db.prepare('INSERT INTO quantiles (field, q, value) VALUES (?, ?, ?)');
    for (const [field, sql] of QUANTILES) {
      const values = db.prepare<[], number>(sql).pluck().raw(false).all();
      if (values.length === 0) continue;
      // Stored ascending (q=0 smallest) whatever order the index walk gave.
      const asc = values[0]! <= values[values.length - 1]! ? values : values.slice().reverse();
      for (let q = 0; q <= 100; q++)
        insertQ.run(field, q, asc[Math.min(asc.length - 1, Math.floor((q / 100) * (asc.length - 1)))]!);
    }
    db.exec(`UPDATE companies SET active_job_count =
      (SELECT count(*) FROM jobs WHERE jobs.company_cid = companies.cid AND jobs.status = 'active')`);
    setMeta(db, 'index_version', randomUUID());
    setMeta(db, 'active_jobs', String(db.prepare("SELECT count(*) FROM jobs WHERE status = 'active'").pluck().get()));
    setMeta(db, 'stats_at', String(now));
    db.exec("DELETE FROM meta WHERE key = 'counts_stale'");
  })();
  db.pragma('optimize');
}
