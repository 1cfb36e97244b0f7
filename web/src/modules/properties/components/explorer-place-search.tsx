import { useLazyQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { hasErrorCode, serverMessage } from '../../../apollo/graphql-errors';
import { GeocodeDocument, type GeocodeQuery } from '../../../gql/graphql';
import type { ExplorerCentre } from '../lib/explorer-filter';

/** A place chosen to explore around. */
export interface ExplorerPlace extends ExplorerCentre {
  label: string;
}

/** « Autour d'un lieu »: an address or a town, geocoded by the gateway (the national address base); pick a result. */
export function ExplorerPlaceSearch({ onPick }: { onPick: (place: ExplorerPlace) => void }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [geocode, { data, loading, error, called }] = useLazyQuery(GeocodeDocument, { fetchPolicy: 'network-only' });
  const found: GeocodeQuery['geocode'] = data?.geocode ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query.length < 3) return;
    void geocode({ variables: { query } }).catch(() => undefined);
  };

  const failure = error
    ? hasErrorCode(error, 'SERVICE_UNAVAILABLE')
      ? "Le service d'adresses est injoignable, réessayez plus tard."
      : (serverMessage(error) ?? 'La recherche du lieu a échoué.')
    : null;

  return (
    <div className="explorer-place">
      <form className="explorer-place__form" onSubmit={submit} role="search">
        <label htmlFor={inputId} className="field__label">
          Adresse, ville ou quartier
        </label>
        <div className="explorer-place__row">
          <input
            id={inputId}
            className="field__input"
            type="search"
            value={text}
            minLength={3}
            maxLength={200}
            autoComplete="street-address"
            placeholder="Ex. : 8 boulevard du Port, Amiens"
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={loading || text.trim().length < 3}>
            {loading ? 'Recherche…' : 'Rechercher'}
          </button>
        </div>
      </form>
      {failure && (
        <p className="explorer-place__error" role="alert">
          {failure}
        </p>
      )}
      {called && !loading && !error && data && found.length === 0 && (
        <p className="explorer-place__empty">Aucun lieu trouvé pour cette recherche.</p>
      )}
      {found.length > 0 && (
        <ul className="explorer-place__results" aria-label="Lieux trouvés">
          {found.map((place) => (
            <li key={`${place.label}-${place.latitude}-${place.longitude}`}>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => onPick({ label: place.label, latitude: place.latitude, longitude: place.longitude })}
              >
                {place.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
