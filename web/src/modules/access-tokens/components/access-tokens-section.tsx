import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { AccessTokensDocument, type AccessTokenRow_TokenFragment } from '../../../gql/graphql';
import { useRevokeAccessTokenMutation } from '../hooks/use-access-token-mutations';
import { AccessTokenRow } from './access-token-row';
import { CreateAccessTokenForm } from './create-access-token-form';
import { NewTokenSecret } from './new-token-secret';
import '../access-tokens.css';

/** The tokens, loaded once the section is opened (most visits of Paramètres never need them). */
function AccessTokensPanel() {
  const { data, error, refetch } = useQuery(AccessTokensDocument);
  const { revokeToken, loading: revoking } = useRevokeAccessTokenMutation();
  const [secret, setSecret] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [revoked, setRevoked] = useState<AccessTokenRow_TokenFragment | null>(null);
  const tokens = data?.accessTokens;

  const confirmRevoke = async () => {
    if (revoked && (await revokeToken(revoked.id))) setRevoked(null);
  };

  return (
    <>
      {secret ? (
        <NewTokenSecret token={secret} onDone={() => setSecret(null)} />
      ) : creating ? (
        <CreateAccessTokenForm
          onCreated={(token) => {
            setCreating(false);
            setSecret(token);
          }}
        />
      ) : (
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          Nouveau jeton
        </button>
      )}
      {error && !tokens ? (
        <div>
          <p>Impossible de charger vos jetons.</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void refetch().catch(() => undefined)}
          >
            Réessayer
          </button>
        </div>
      ) : !tokens ? (
        <Spinner label="Chargement des jetons…" />
      ) : tokens.length === 0 ? (
        <p className="page__note">Aucun jeton pour l'instant.</p>
      ) : (
        <ul className="access-tokens__list" aria-label="Vos jetons d'accès">
          {tokens.map((token) => (
            <AccessTokenRow key={token.id} token={token} onRevoke={setRevoked} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoked !== null}
        title="Révoquer ce jeton ?"
        description={`Le jeton « ${revoked?.name ?? ''} » sera refusé immédiatement par l'API : les applications qui l'utilisent perdront leur accès. Cette action est irréversible.`}
        confirmLabel="Révoquer"
        busyLabel="Révocation..."
        busy={revoking}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoked(null)}
      />
    </>
  );
}

/** Paramètres → « Accès API »: personal access tokens for integrators (create, secret shown once, list, revoke). */
export function AccessTokensSection() {
  const [open, setOpen] = useState(false);
  return (
    <section className="card profile-settings__card access-tokens" aria-labelledby="access-tokens-title">
      <h2 id="access-tokens-title" className="card__title">
        Accès API
      </h2>
      <p className="page__note">
        Les jetons d'accès personnels permettent à vos scripts et applications d'utiliser l'API Flâneur en votre nom,
        avec les seules autorisations choisies. <Link to="/developers">Guide des développeurs</Link>
      </p>
      {open ? (
        <AccessTokensPanel />
      ) : (
        <button type="button" className="button button--secondary" aria-expanded={false} onClick={() => setOpen(true)}>
          Gérer mes jetons d'accès
        </button>
      )}
    </section>
  );
}
