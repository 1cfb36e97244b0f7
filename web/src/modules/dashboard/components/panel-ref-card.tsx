import { MSG, normalizePropertyRef } from '@flaneur/schema';
import { useState, type FormEvent } from 'react';
import type { FieldError } from 'react-hook-form';
import { FieldShell } from '../../../components/field-shell';
import { openPanel } from '../lib/open-panel';

/** « Référence d'un panneau »: the 6 characters printed under a panel's QR code open its listing. */
export function PanelRefCard() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<FieldError | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ref = normalizePropertyRef(value);
    if (!ref) return setError({ type: 'validate', message: MSG.panelRefInvalid });
    setError(undefined);
    openPanel(ref);
  };

  return (
    <section className="card panel-ref-card" aria-labelledby="panel-ref-title">
      <h2 id="panel-ref-title" className="card__title">
        Un panneau dans la rue ?
      </h2>
      <form onSubmit={submit} noValidate className="panel-ref-card__form">
        <FieldShell label="Référence d'un panneau" hint="Les 6 caractères sous le QR code" error={error}>
          {(control) => (
            <input
              {...control}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={12}
              placeholder="7K3M9Q"
            />
          )}
        </FieldShell>
        <button type="submit" className="button button--primary">
          Voir l'annonce
        </button>
      </form>
    </section>
  );
}
