import type { Migration } from '../../sqlite/migrate.js';
import { PERIODS_PER_YEAR } from '#shared/pay/annual-pay';
import { SHIPPED_RATES } from '#shared/pay/exchange-rates';

// Comparable pay (docs/decisions/comparable-pay.md): every job's stated pay as a yearly amount
// in euros, kept by a trigger from the stated salary and the exchange-rate table, so the writer,
// sync and a crawl need not know of it. The spec's salary columns are untouched.

const perYear = (col: string) =>
  `(CASE ${col} ${Object.entries(PERIODS_PER_YEAR).map(([p, n]) => `WHEN '${p}' THEN ${n}`).join(' ')} END)`;
const eur = (amount: string) =>
  `CAST(round(${amount} * ${perYear('salary_period')} / (SELECT per_eur FROM exchange_rates r WHERE r.currency = salary_currency)) AS INTEGER)`;

/** Recomputes the pay columns of the rows `where` selects (also after new rates arrive). */
export const PAY_UPDATE = (where: string) => `UPDATE jobs SET
  pay_min_eur = ${eur('salary_min')},
  pay_max_eur = ${eur('salary_max')},
  pay_sort = coalesce(${eur('salary_max')}, -1)
  WHERE ${where}`;

const quantiles = (field: string, col: string, where: string) => `
INSERT OR REPLACE INTO quantiles (field, q, value)
WITH RECURSIVE qs(q) AS (SELECT 0 UNION ALL SELECT q + 1 FROM qs WHERE q < 100),
  v AS (SELECT ${col} AS x, row_number() OVER (ORDER BY ${col}) - 1 AS i, count(*) OVER () AS n
        FROM jobs WHERE status = 'active' AND ${where})
SELECT '${field}', qs.q, v.x FROM qs JOIN v ON v.i = (qs.q * (v.n - 1)) / 100;`;

export const m0007ComparablePay: Migration = {
  version: 7,
  name: 'comparable-pay',
  up: `
CREATE TABLE exchange_rates (
  currency TEXT PRIMARY KEY,
  per_eur  REAL NOT NULL CHECK (per_eur > 0)
) WITHOUT ROWID;
INSERT INTO exchange_rates (currency, per_eur) VALUES
  ${Object.entries(SHIPPED_RATES.perEur).map(([c, r]) => `('${c}', ${r})`).join(',\n  ')};
INSERT OR REPLACE INTO meta (key, value) VALUES ('exchange_rates_as_of', '${SHIPPED_RATES.asOf}'),
  ('exchange_rates_source', '${SHIPPED_RATES.source.replace(/'/g, "''")}');

ALTER TABLE jobs ADD COLUMN pay_min_eur INTEGER;
ALTER TABLE jobs ADD COLUMN pay_max_eur INTEGER;
-- -1 for no comparable pay: last in "Highest pay", as salary_sort does for no salary.
ALTER TABLE jobs ADD COLUMN pay_sort INTEGER NOT NULL DEFAULT -1;
${PAY_UPDATE('salary_max IS NOT NULL')};

CREATE TRIGGER jobs_comparable_pay AFTER INSERT ON jobs WHEN NEW.salary_max IS NOT NULL BEGIN
  ${PAY_UPDATE('rid = NEW.rid')};
END;

-- pay_min_eur rides along so a payMax filter under "Highest pay" is checked from the index entry.
CREATE INDEX jobs_by_pay ON jobs(pay_sort DESC, rid DESC, countries, remote, work_mode, employment_type, seniority, pay_min_eur)
  WHERE status = 'active';
CREATE INDEX jobs_by_pay_min ON jobs(pay_min_eur) WHERE status = 'active' AND pay_min_eur IS NOT NULL;

-- The planner's percentiles of the new columns, as refreshStats computes them, so an upgraded
-- index plans pay filters well before its next sync.
${quantiles('pay_max', 'pay_sort', 'pay_sort >= 0')}
${quantiles('pay_min', 'pay_min_eur', 'pay_min_eur IS NOT NULL')}
`,
};
