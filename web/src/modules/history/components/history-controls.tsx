import { useId } from 'react';
import { formatPrice } from '../../../lib/format';
import { RangeField } from '../../preferences/components/range-field';
import {
  discoveriesLabel,
  historyPriceRange,
  historyPriceScale,
  priceFilterLabel,
  withHistoryPriceMax,
  withHistoryPriceMin,
  withHistoryType,
  HISTORY_SORTS,
  HISTORY_STATUS_FILTERS,
  HISTORY_TYPE_FILTERS,
  SORT_LABELS,
  STATUS_FILTER_LABELS,
  TYPE_FILTER_LABELS,
  type HistoryViewOptions,
} from '../lib/history-view';
import '../../preferences/preferences.css';

interface HistoryControlsProps {
  view: HistoryViewOptions;
  /** How many items the view shows. */
  count: number;
  onChange: (patch: Partial<HistoryViewOptions>) => void;
  onReset: () => void;
  /** Every discovery is a rental: under « Tous » the price slider reads rents. */
  rentalsOnly?: boolean;
}

/** Sort menu, status and type filter menus, reset button, and the removable chips of active filters. */
export function HistoryControls({ view, count, onChange, onReset, rentalsOnly = false }: HistoryControlsProps) {
  const id = useId();
  const scale = historyPriceScale(view.type, rentalsOnly);
  const priceLabel = priceFilterLabel(view, scale);
  const range = historyPriceRange(scale);
  const rent = scale === 'rent';
  const filtered = view.status !== 'all' || view.type !== 'all' || priceLabel !== null;
  const changed = filtered || view.sort !== 'date-desc';

  return (
    <div className="history-controls">
      <div className="history-controls__menus">
        <div className="select-field select-field--sort">
          <label htmlFor={`${id}-sort`}>Trier</label>
          <select
            id={`${id}-sort`}
            value={view.sort}
            onChange={(e) => onChange({ sort: e.target.value as HistoryViewOptions['sort'] })}
          >
            {HISTORY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="select-field">
          <label htmlFor={`${id}-status`}>Statut</label>
          <select
            id={`${id}-status`}
            value={view.status}
            onChange={(e) => onChange({ status: e.target.value as HistoryViewOptions['status'] })}
          >
            {HISTORY_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {STATUS_FILTER_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="select-field">
          <label htmlFor={`${id}-type`}>Type</label>
          <select
            id={`${id}-type`}
            value={view.type}
            onChange={(e) => onChange(withHistoryType(view, e.target.value as HistoryViewOptions['type'], rentalsOnly))}
          >
            {HISTORY_TYPE_FILTERS.map((type) => (
              <option key={type} value={type}>
                {TYPE_FILTER_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="history-controls__price">
        <legend className="visually-hidden">{rent ? 'Loyer mensuel' : 'Prix'}</legend>
        <RangeField
          label="Prix minimum"
          {...range}
          value={view.priceMin ?? range.min}
          display={view.priceMin === null ? 'Sans minimum' : formatPrice(view.priceMin, rent)}
          onChange={(value) => onChange(withHistoryPriceMin(view, value, scale))}
        />
        <RangeField
          label="Prix maximum"
          {...range}
          value={view.priceMax ?? range.max}
          display={view.priceMax === null ? 'Sans maximum' : formatPrice(view.priceMax, rent)}
          onChange={(value) => onChange(withHistoryPriceMax(view, value, scale))}
        />
      </fieldset>
      <div className="history-controls__summary">
        <p className="history-count" aria-live="polite">
          {discoveriesLabel(count)}
        </p>
        <button type="button" className="button button--ghost" onClick={onReset} disabled={!changed}>
          Réinitialiser
        </button>
      </div>
      {filtered && (
        <ul className="filter-chips" aria-label="Filtres actifs">
          {view.status !== 'all' && (
            <li>
              <button
                type="button"
                className="filter-chip"
                aria-label={`Retirer le filtre ${STATUS_FILTER_LABELS[view.status]}`}
                onClick={() => onChange({ status: 'all' })}
              >
                {STATUS_FILTER_LABELS[view.status]} <span aria-hidden="true">×</span>
              </button>
            </li>
          )}
          {view.type !== 'all' && (
            <li>
              <button
                type="button"
                className="filter-chip"
                aria-label={`Retirer le filtre ${TYPE_FILTER_LABELS[view.type]}`}
                onClick={() => onChange({ type: 'all' })}
              >
                {TYPE_FILTER_LABELS[view.type]} <span aria-hidden="true">×</span>
              </button>
            </li>
          )}
          {priceLabel !== null && (
            <li>
              <button
                type="button"
                className="filter-chip"
                aria-label={`Retirer le filtre ${priceLabel}`}
                onClick={() => onChange({ priceMin: null, priceMax: null })}
              >
                {priceLabel} <span aria-hidden="true">×</span>
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
