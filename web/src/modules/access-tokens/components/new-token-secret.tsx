import { useState } from 'react';

/** The secret of a token just created: shown this once, with a copy button. */
export function NewTokenSecret({ token, onDone }: { token: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="access-tokens__secret" role="status">
      <p>
        <strong>Copiez ce jeton maintenant : il ne sera plus jamais affiché.</strong>
      </p>
      <code className="access-tokens__value" aria-label="Jeton d'accès">
        {token}
      </code>
      <div className="access-tokens__actions">
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {copied ? 'Copié !' : 'Copier'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          J'ai copié le jeton
        </button>
      </div>
      <p className="page__note">
        Envoyez-le dans l'en-tête <code>Authorization: Bearer {'<jeton>'}</code> de vos requêtes.
      </p>
    </div>
  );
}
