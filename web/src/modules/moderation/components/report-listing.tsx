import { MODERATION_MSG } from '@flaneur/schema';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ModalDialog } from '../../../components/modal-dialog';
import { useMe } from '../../auth/hooks/use-me';
import { authRedirectState } from '../../auth/lib/post-login-path';
import { ReportDialog } from './report-dialog';
import '../moderation.css';

const TITLE = "Signaler l'annonce";

/**
 * « Signaler l'annonce », discreet, at the end of a listing's page: the report dialog for a signed-in visitor, an
 * invitation to sign in for a signed-out one, nothing for the owner.
 */
export function ReportListing({ property }: { property: { id: string; ownerId?: string | null } }) {
  const { user } = useMe();
  const [open, setOpen] = useState(false);
  if (user && property.ownerId != null && property.ownerId === user.id) return null;
  return (
    <div className="report-listing">
      <button type="button" className="button button--link" onClick={() => setOpen(true)}>
        {TITLE}
      </button>
      {user ? (
        <ReportDialog
          open={open}
          onClose={() => setOpen(false)}
          title={TITLE}
          targetType="property"
          targetId={property.id}
        />
      ) : (
        <SignInToReport open={open} onClose={() => setOpen(false)} />
      )}
    </div>
  );
}

function SignInToReport({ open, onClose }: { open: boolean; onClose: () => void }) {
  const location = useLocation();
  return (
    <ModalDialog
      open={open}
      title={TITLE}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Annuler
          </button>
          <Link to="/auth" state={authRedirectState(location)} className="button button--primary">
            Se connecter
          </Link>
        </>
      }
    >
      <p>Connectez-vous pour signaler cette annonce à notre équipe de modération.</p>
    </ModalDialog>
  );
}

/** « Annonce masquée par la modération » on a hidden listing (only its owner and the moderators still see it). */
export function HiddenListingNotice({ property }: { property: { hiddenAt?: string | null } }) {
  if (!property.hiddenAt) return null;
  return (
    <p className="notice notice--error" role="status">
      <strong>{MODERATION_MSG.listingHidden}</strong>
    </p>
  );
}
