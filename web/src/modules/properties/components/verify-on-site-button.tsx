import { ON_SITE } from '@flaneur/schema';
import { useState } from 'react';
import { PermissionExplanationDialog } from '../../../components/permission-explanation-dialog';
import { positionAlreadyGranted, useVerifyOnSite } from '../hooks/use-verify-on-site';
import '../owner-insights.css';

/**
 * « Je suis devant le bien », for the listing's owner: explains first why the position is asked (unless the browser
 * already granted it), then takes one precise fix and sends it. The badge « Vérifié sur place » follows from the
 * answer (the cached listing updates).
 */
export function VerifyOnSiteButton({ propertyId, title }: { propertyId: string; title?: string }) {
  const { verify, busy } = useVerifyOnSite(propertyId);
  const [explaining, setExplaining] = useState(false);

  const start = async () => {
    if (await positionAlreadyGranted()) await verify();
    else setExplaining(true);
  };

  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy}
        onClick={() => void start()}
      >
        {busy ? 'Localisation…' : 'Je suis devant le bien'}
        {title && <span className="visually-hidden"> {title}</span>}
      </button>
      <PermissionExplanationDialog
        open={explaining}
        title="Vérifier sur place"
        acceptLabel="Continuer"
        className="on-site-explanation"
        onCancel={() => setExplaining(false)}
        onAccept={() => {
          setExplaining(false);
          void verify();
        }}
      >
        <p>
          Devant le bien, votre position prouve que l'annonce correspond à un logement réel : elle affichera « Vérifié
          sur place » avec la date.
        </p>
        <p>
          Votre navigateur va vous demander l'autorisation d'accéder à votre position. Elle doit être précise (à{' '}
          {ON_SITE.accuracyMaxM} m près) et à moins de {ON_SITE.distanceMaxM} m de l'adresse de l'annonce.
        </p>
        <p>Cette position sert à cette seule vérification : elle n'est ni conservée ni montrée à quiconque.</p>
      </PermissionExplanationDialog>
    </>
  );
}
