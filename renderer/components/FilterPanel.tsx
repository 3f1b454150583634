import { isWholeAmount } from '#shared/rules/amount';
import { PayCurrencySelect, PayRuleNote } from './PayCurrencySelect.js';
import { usePayCurrency } from '../state/pay-currency.js';
import { DATE_PRESETS, presetOf } from '../state/date-presets.js';
import { memo, useId } from 'react';
import type { FacetValue } from '#shared/gen/svc/meta/v1/meta_pb';
import { countryName } from '#shared/format/country-name';
import { EMPLOYMENT_TYPES, SENIORITIES, WORK_MODES } from '#shared/rules/vocabulary';
import { useMeta } from '../state/meta-store.js';
import type { SearchState } from '../state/search-state.js';
import { DateField } from './forms/DateField.js';
import { label } from './labels.js';

/** The filters a panel may show; a company's page shows the subset ListJobs accepts. */
export type PanelFilters = Omit<SearchState, 'q' | 'sort'>;
type Key = keyof PanelFilters;

interface Props<F extends PanelFilters> {
  value: F;
  fields: readonly Key[];
  /** Choices and counts for the search shown (facets-store.ts); the whole index's until they come. */
  facets?: Record<string, FacetValue[]> | undefined;
  onChange<K extends Key>(key: K, value: PanelFilters[K] | undefined): void;
}

const NAMES: Record<Key, string> = {
  country: 'Country',
  city: 'City',
  remote: 'Remote',
  workMode: 'Work mode',
  employmentType: 'Employment type',
  companyId: 'Company',
  seniority: 'Seniority',
  salaryMin: 'Yearly pay at least',
  salaryMax: 'Yearly pay at most',
  postedAfter: 'Posted after',
  discoveredAfter: 'Discovered after',
  verifiedAfter: 'Verified after',
};

// Filters whose values are the spec's words: shown by their labels ("On-site", "Full-time").
const WORDED = new Set<string>(['workMode', 'employmentType', 'seniority']);

/** How a filter's value reads in a chip: facet labels where known ("Germany", "Acme Labs"). */
export function filterValueLabel(k: Key, v: unknown, facets: Record<string, FacetValue[]>): string {
  if (k === 'remote') return v ? 'Remote only' : 'Not remote';
  const preset = presetOf(typeof v === 'string' ? v : undefined);
  if (preset) return preset.label;
  if (k === 'country') return countryName(String(v));
  if (WORDED.has(k)) return label(String(v));
  const known = facets[k]?.find((f) => f.value === String(v));
  if (known) return known.label;
  if (k === 'salaryMin' || k === 'salaryMax')
    return `${Number(v).toLocaleString('en')} ${usePayCurrency.getState().currency}`;
  return typeof v === 'string' ? label(v) : String(v);
}

function choices(
  facets: Record<string, FacetValue[]>,
  field: Key,
  fallback: readonly string[],
  current: string | undefined,
) {
  const listed = facets[field]?.map((f) => ({
    value: f.value,
    text: `${WORDED.has(field) ? label(f.value) : f.label} (${f.count.toLocaleString('en')})`,
  }));
  const out = listed ?? fallback.map((v) => ({ value: v, text: label(v) }));
  // The value in force stays selectable even when the search around it leaves it no job, or it
  // is outside the top values (a shared link).
  if (current !== undefined && !out.some((o) => o.value === current))
    out.unshift({ value: current, text: filterValueLabel(field, current, facets) });
  return out;
}

/** Every filter of the spec, with the choices and counts MetaService.ListFacets gives. */
export const FilterPanel = memo(FilterPanelImpl) as typeof FilterPanelImpl;

function FilterPanelImpl<F extends PanelFilters>({ value, fields, onChange, facets: forSearch }: Props<F>) {
  const whole = useMeta((s) => s.facets);
  const facets = forSearch ?? whole;
  const id = useId();
  const has = (k: Key) => fields.includes(k);

  const select = (
    k: 'country' | 'city' | 'workMode' | 'employmentType' | 'companyId' | 'seniority',
    fallback: readonly string[],
  ) => {
    const current = value[k];
    return (
      <div className="field" key={k}>
        <label htmlFor={`${id}-${k}`}>{NAMES[k]}</label>
        <select id={`${id}-${k}`} value={current ?? ''} onChange={(e) => onChange(k, e.target.value || undefined)}>
          <option value="">Any</option>
          {choices(facets, k, fallback, current).map((c) => (
            <option key={c.value} value={c.value}>
              {c.text}
            </option>
          ))}
        </select>
      </div>
    );
  };

  const remoteCount = (v: string) => facets.remote?.find((f) => f.value === v)?.count;
  // A choice that would give no job is not offered (unless it is the one in force).
  const offered = (v: string) => !facets.remote || remoteCount(v) !== undefined || String(value.remote) === v;
  const withCount = (text: string, n: number | undefined) =>
    n === undefined ? text : `${text} (${n.toLocaleString('en')})`;

  return (
    <form className="filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      {has('country') && select('country', [])}
      {has('city') && select('city', [])}
      {has('remote') && (
        <div className="field">
          <label htmlFor={`${id}-remote`}>Remote</label>
          <select
            id={`${id}-remote`}
            value={value.remote === undefined ? '' : String(value.remote)}
            onChange={(e) => onChange('remote', e.target.value === '' ? undefined : e.target.value === 'true')}
          >
            <option value="">Any</option>
            {offered('true') && <option value="true">{withCount('Remote only', remoteCount('true'))}</option>}
            {offered('false') && <option value="false">{withCount('Not remote', remoteCount('false'))}</option>}
          </select>
        </div>
      )}
      {has('workMode') && select('workMode', WORK_MODES)}
      {has('employmentType') && select('employmentType', EMPLOYMENT_TYPES)}
      {has('companyId') && select('companyId', [])}
      {has('seniority') && select('seniority', SENIORITIES)}
      {has('salaryMin') && (
        <fieldset className="field field--pair">
          <legend>Yearly pay, converted</legend>
          <PayCurrencySelect id={`${id}-payCurrency`} />
          {(['salaryMin', 'salaryMax'] as const).map((k) => (
            <div key={k}>
              <label htmlFor={`${id}-${k}`}>{k === 'salaryMin' ? 'At least' : 'At most'}</label>
              <input
                id={`${id}-${k}`}
                type="number"
                inputMode="numeric"
                min={0}
                step={1000}
                aria-describedby={`${id}-payNote`}
                value={value[k] ?? ''}
                onChange={(e) => {
                  const n = e.target.valueAsNumber;
                  onChange(k, isWholeAmount(n) ? n : undefined);
                }}
              />
            </div>
          ))}
          <PayRuleNote id={`${id}-payNote`} />
        </fieldset>
      )}
      {(['postedAfter', 'discoveredAfter', 'verifiedAfter'] as const).filter(has).map((k) => (
        <div key={k}>
          <DateField
            id={`${id}-${k}`}
            label={NAMES[k]}
            value={presetOf(value[k]) ? undefined : value[k]}
            onCommit={(v) => onChange(k, v)}
          />
          {k === 'postedAfter' && (
            <div className="date-presets" role="group" aria-label="Posted">
              {DATE_PRESETS.map((p) => (
                <button
                  key={p.value}
                  type="button"
                  className="button button--small"
                  aria-pressed={value[k] === p.value}
                  onClick={() => onChange(k, value[k] === p.value ? undefined : p.value)}
                >
                  {p.label}
                </button>
              ))}
            </div>
          )}
        </div>
      ))}
    </form>
  );
}

/** The filters in force as removable chips, and a way to clear them all. */
export function ActiveFilters<F extends PanelFilters>({
  value,
  fields,
  onChange,
  onClear,
}: Props<F> & { onClear(): void }) {
  const facets = useMeta((s) => s.facets);
  const on = fields.filter((k) => value[k] !== undefined);
  if (on.length === 0) return null;
  return (
    <ul className="chips" aria-label="Active filters">
      {on.map((k) => {
        const text = `${NAMES[k]}: ${filterValueLabel(k, value[k], facets)}`;
        return (
          <li key={k} className="chip">
            {text}
            <button type="button" aria-label={`Remove filter ${text}`} onClick={() => onChange(k, undefined)}>
              ×
            </button>
          </li>
        );
      })}
      {on.length > 1 && (
        <li>
          <button type="button" className="linkish" onClick={onClear}>
            Clear all filters
          </button>
        </li>
      )}
    </ul>
  );
}
