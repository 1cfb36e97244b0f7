import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { summarizeFilters } from '../lib/filter-labels';
import { useSearchFilters } from '../hooks/use-search-filters';

// The editor (sliders, chips, the zone's map button) loads when « Modifier » is pressed, not with the dashboard.
const SearchCriteriaDialog = lazy(() =>
  import('./search-criteria-dialog').then((module) => ({ default: module.SearchCriteriaDialog })),
);
import '../preferences.css';

/** The dashboard's saved-criteria card; "Modifier" opens the editor. */
export function SearchCriteriaCard() {
  const { filters, signedIn } = useSearchFilters();
  const [open, setOpen] = useState(false);

  return (
    <section className="card criteria-card" aria-labelledby="criteria-title">
      <div className="criteria-card__head">
        <h2 id="criteria-title" className="card__title">
          Mes critères de recherche
        </h2>
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          Modifier
        </button>
      </div>
      <dl className="criteria-card__list">
        {summarizeFilters(filters).map((line) => (
          <div key={line.label} className="criteria-card__line">
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      {!signedIn && (
        <p className="criteria-card__hint">
          <Link to="/auth">Connectez-vous</Link> pour enregistrer vos critères et découvrir en marchant.
        </p>
      )}
      {open && (
        <Suspense fallback={null}>
          <SearchCriteriaDialog open filters={filters} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
