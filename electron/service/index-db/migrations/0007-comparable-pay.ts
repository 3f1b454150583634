import type { Migration } from '../../sqlite/migrate.js';

// Comparable pay (docs/decisions/comparable-pay.md): every job's stated pay as a yearly amount
// in euros, kept by a trigger from the stated salary and the exchange-rate table, so the writer,
// sync and a crawl need not know of it. The spec's salary columns are untouched.
//
// Frozen (docs/decisions/floors.md § Frozen migrations): the SQL as this migration first ran it,
// periods per year and the app's exchange rates of 2026-11 written out, so history does not
// change when the live rules do. Live code recomputes pay with its own rules
// (write/exchange-rates.ts); a file never keeps rates older than the app ships (index-db/after-migrate.ts).
export const m0007ComparablePay: Migration = {
  version: 7,
  name: 'comparable-pay',
  up: `
CREATE TABLE exchange_rates (
  currency TEXT PRIMARY KEY,
  per_eur  REAL NOT NULL CHECK (per_eur > 0)
) WITHOUT ROWID;
INSERT INTO exchange_rates (currency, per_eur) VALUES
  ('EUR', 1),
  ('USD', 1.172),
  ('JPY', 169.2),
  ('GBP', 0.8555),
  ('CHF', 0.9347),
  ('SEK', 11.15),
  ('NOK', 11.83),
  ('DKK', 7.461),
  ('ISK', 142.5),
  ('PLN', 4.242),
  ('CZK', 24.75),
  ('HUF', 399.8),
  ('RON', 5.078),
  ('AUD', 1.795),
  ('CAD', 1.603),
  ('NZD', 1.933),
  ('BRL', 6.438),
  ('MXN', 22.09),
  ('INR', 100.6),
  ('KRW', 1587),
  ('SGD', 1.494),
  ('HKD', 9.2),
  ('CNY', 8.397),
  ('ZAR', 20.85),
  ('ILS', 3.95),
  ('TRY', 46.57),
  ('AED', 4.304);
INSERT OR REPLACE INTO meta (key, value) VALUES ('exchange_rates_as_of', '2025-06-30'),
  ('exchange_rates_source', 'Approximate: ECB euro foreign exchange reference rates of 30 June 2025, typed in by hand and rounded to 4 significant figures; AED from its US-dollar peg (3.6725 per USD). Not a live feed.');

ALTER TABLE jobs ADD COLUMN pay_min_eur INTEGER;
ALTER TABLE jobs ADD COLUMN pay_max_eur INTEGER;
-- -1 for no comparable pay: last in "Highest pay", as salary_sort does for no salary.
ALTER TABLE jobs ADD COLUMN pay_sort INTEGER NOT NULL DEFAULT -1;
UPDATE jobs SET
  pay_min_eur = CAST(round(salary_min * (CASE salary_period WHEN 'hour' THEN 2080 WHEN 'day' THEN 260 WHEN 'week' THEN 52 WHEN 'month' THEN 12 WHEN 'year' THEN 1 END) / (SELECT per_eur FROM exchange_rates r WHERE r.currency = salary_currency)) AS INTEGER),
  pay_max_eur = CAST(round(salary_max * (CASE salary_period WHEN 'hour' THEN 2080 WHEN 'day' THEN 260 WHEN 'week' THEN 52 WHEN 'month' THEN 12 WHEN 'year' THEN 1 END) / (SELECT per_eur FROM exchange_rates r WHERE r.currency = salary_currency)) AS INTEGER),
  pay_sort = coalesce(CAST(round(salary_max * (CASE salary_period WHEN 'hour' THEN 2080 WHEN 'day' THEN 260 WHEN 'week' THEN 52 WHEN 'month' THEN 12 WHEN 'year' THEN 1 END) / (SELECT per_eur FROM exchange_rates r WHERE r.currency = salary_currency)) AS INTEGER), -1)
  WHERE salary_max IS NOT NULL;

CREATE TRIGGER jobs_comparable_pay AFTER INSERT ON jobs WHEN NEW.salary_max IS NOT NULL BEGIN
  UPDATE jobs SET
  pay_min_eur = CAST(round(salary_min * (CASE salary_period WHEN 'hour' THEN 2080 WHEN 'day' THEN 260 WHEN 'week' THEN 52 WHEN 'month' THEN 12 WHEN 'year' THEN 1 END) / (SELECT per_eur FROM exchange_rates r WHERE r.currency = salary_currency)) AS INTEGER),
  pay_max_eur = CAST(round(salary_max * (CASE salary_period WHEN 'hour' THEN 2080 WHEN 'day' THEN 260 WHEN 'week' THEN 52 WHEN 'month' THEN 12 WHEN 'year' THEN 1 END) / (SELECT per_eur FROM exchange_rates r WHERE r.currency = salary_currency)) AS INTEGER),
  pay_sort = coalesce(CAST(round(salary_max * (CASE salary_period WHEN 'hour' THEN 2080 WHEN 'day' THEN 260 WHEN 'week' THEN 52 WHEN 'month' THEN 12 WHEN 'year' THEN 1 END) / (SELECT per_eur FROM exchange_rates r WHERE r.currency = salary_currency)) AS INTEGER), -1)
  WHERE rid = NEW.rid;
END;

-- pay_min_eur rides along so a payMax filter under "Highest pay" is checked from the index entry.
CREATE INDEX jobs_by_pay ON jobs(pay_sort DESC, rid DESC, countries, remote, work_mode, employment_type, seniority, pay_min_eur)
  WHERE status = 'active';
CREATE INDEX jobs_by_pay_min ON jobs(pay_min_eur) WHERE status = 'active' AND pay_min_eur IS NOT NULL;

-- The planner's percentiles of the new columns, as refreshStats computes them, so an upgraded
-- index plans pay filters well before its next sync.

INSERT OR REPLACE INTO quantiles (field, q, value)
WITH RECURSIVE qs(q) AS (SELECT 0 UNION ALL SELECT q + 1 FROM qs WHERE q < 100),
  v AS (SELECT pay_sort AS x, row_number() OVER (ORDER BY pay_sort) - 1 AS i, count(*) OVER () AS n
        FROM jobs WHERE status = 'active' AND pay_sort >= 0)
SELECT 'pay_max', qs.q, v.x FROM qs JOIN v ON v.i = (qs.q * (v.n - 1)) / 100;

INSERT OR REPLACE INTO quantiles (field, q, value)
WITH RECURSIVE qs(q) AS (SELECT 0 UNION ALL SELECT q + 1 FROM qs WHERE q < 100),
  v AS (SELECT pay_min_eur AS x, row_number() OVER (ORDER BY pay_min_eur) - 1 AS i, count(*) OVER () AS n
        FROM jobs WHERE status = 'active' AND pay_min_eur IS NOT NULL)
SELECT 'pay_min', qs.q, v.x FROM qs JOIN v ON v.i = (qs.q * (v.n - 1)) / 100;
INSERT OR REPLACE INTO meta (key, value) VALUES ('after_migrate_shipped_rates', '1');
`,
};
