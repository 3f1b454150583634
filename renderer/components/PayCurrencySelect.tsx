import { useExchangeRates } from '../state/exchange-rates.js';
import { RATE_CURRENCIES } from '#shared/pay/exchange-rates';
import { usePayCurrency } from '../state/pay-currency.js';
import { refreshResults } from '../state/refresh-results.js';

/** The reference currency of comparable pay: the pay filter's amounts and every "≈ …/yr". */
export function PayCurrencySelect({ id }: { id: string }) {
  const { currency, set } = usePayCurrency();
  return (
    <div className="pay-currency">
      <label htmlFor={id}>In</label>
      <select
        id={id}
        value={currency}
        onChange={(e) => {
          set(e.target.value);
          // The pay filter's amounts are now in another currency: ask again.
          refreshResults();
        }}
      >
        {RATE_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}

/** How the pay filter's amounts are computed, under its fields. */
export function PayRuleNote({ id }: { id: string }) {
  const rates = useExchangeRates();
  return (
    <p className="muted small pay-note" id={id} title={rates.source}>
      Pay in any currency or period, as a year (40-hour weeks), at the exchange rates of {rates.asOf}.
    </p>
  );
}
