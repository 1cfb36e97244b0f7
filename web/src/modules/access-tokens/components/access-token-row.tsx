import { ACCESS_TOKEN_SCOPE_LABELS, type TAccessTokenScope } from '@flaneur/schema';
import type { AccessTokenRow_TokenFragment } from '../../../gql/graphql';
import { formatParis } from '../../../lib/format';

const day = (value: string) => formatParis(value, 'd MMM yyyy');
const label = (scope: string) => ACCESS_TOKEN_SCOPE_LABELS[scope as TAccessTokenScope] ?? scope;

/** One token of the list: name, prefix, scopes and dates; « Révoquer » asks for a confirmation first. */
export function AccessTokenRow({
  token,
  onRevoke,
}: {
  token: AccessTokenRow_TokenFragment;
  onRevoke: (token: AccessTokenRow_TokenFragment) => void;
}) {
  const expired = Date.parse(token.expiresAt) <= Date.now();
  return (
    <li className="access-tokens__item">
      <div className="access-tokens__head">
        <strong>{token.name}</strong> <code>{token.prefix}…</code>
        {expired && (
          <>
            {' '}
            <span className="badge">Expiré</span>
          </>
        )}
      </div>
      <p className="access-tokens__scopes-list">{token.scopes.map(label).join(' · ')}</p>
      <dl className="access-tokens__dates">
        <div>
          <dt>Créé le</dt>
          <dd>{day(token.createdAt)}</dd>
        </div>
        <div>
          <dt>{expired ? 'Expiré le' : 'Expire le'}</dt>
          <dd>{day(token.expiresAt)}</dd>
        </div>
        <div>
          <dt>Dernière utilisation</dt>
          <dd>{token.lastUsedAt ? day(token.lastUsedAt) : 'Jamais'}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--secondary"
        aria-label={`Révoquer le jeton ${token.name}`}
        onClick={() => onRevoke(token)}
      >
        Révoquer
      </button>
    </li>
  );
}
