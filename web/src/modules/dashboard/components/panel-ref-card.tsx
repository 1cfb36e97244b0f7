import { useApolloClient } from '@apollo/client/react';
import { MSG, normalizePropertyRef } from '@flaneur/schema';
import { useState, type FormEvent } from 'react';
import type { FieldError } from 'react-hook-form';
import { FieldShell } from '../../../components/field-shell';
import { PropertyByRefDocument } from '../../../gql/graphql';
import { openPanel } from '../lib/open-panel';
import { SubmitButton } from '../../../components/submit-button';

/**
 * « Référence d'un panneau »: the 6 characters printed under a panel's QR code open its listing. A reference no
 * listing bears is said beside the field; the app is left for /p/{ref} (which records the scan) only for a known
 * one, or when the check itself could not be made.
 */
export function PanelRefCard() {
  const client = useApolloClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<FieldError | undefined>();
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ref = normalizePropertyRef(value);
    if (!ref) return setError({ type: 'validate', message: MSG.panelRefInvalid });
    setError(undefined);
    setChecking(true);
    const known = await client
      .query({ query: PropertyByRefDocument, variables: { ref }, fetchPolicy: 'network-only' })
      .then(({ data }) => Boolean(data?.propertyByRef))
      .catch(() => true);
    setChecking(false);
    if (!known) return setError({ type: 'validate', message: MSG.panelRefUnknown });
    openPanel(ref);
  };

  return (
    <section className="card panel-ref-card" aria-labelledby="panel-ref-title">
      <h2 id="panel-ref-title" className="card__title">
        Un panneau dans la rue ?
      </h2>
      <form method="post" onSubmit={(e) => void submit(e)} noValidate className="panel-ref-card__form">
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
        <SubmitButton busy={checking}>Voir l'annonce</SubmitButton>
      </form>
    </section>
  );
}
