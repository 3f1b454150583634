import { RATE_CURRENCIES } from '#shared/pay/exchange-rates';
import { useExchangeRates } from '../state/exchange-rates.js';
import { usePayCurrency } from '../state/pay-currency.js';
import { refreshResults } from '../state/refresh-results.js';

/** The reference currency of comparable pay: the pay filter's amounts and every "≈ …/yr". */
export function PayCurrencySelect({ id }: { id: string }) {
  const { currency, set } = usePayCurrency();
  const rates = useExchangeRates();
  return (
    <div className="pay-currency">
      <label htmlFor={id}>In</label>
      <select id={id} value={currency} onChange={(e) => {
          set(e.target.value);
          // The pay filter's amounts are now in another currency: ask again.
          refreshResults();
        }}>
        {RATE_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      <p className="muted small" id={`${id}-note`}>
        Posted pay of any currency and period, as a year (40-hour weeks) at exchange rates of {rates.asOf} ({rates.source.split(';')[0]}).
      </p>
    </div>
  );
}
