import { MSG } from '@flaneur/schema';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../../components/toaster/use-toast';

/** What the verification link's redirect says (?emailVerified=1, already or 0), as a toast. */
const NOTICES = {
  '1': { title: 'Adresse e-mail vérifiée', description: MSG.emailVerified },
  already: { title: 'Adresse e-mail vérifiée', description: MSG.emailAlreadyVerified },
  '0': { title: 'Lien de vérification invalide', description: MSG.emailVerifyInvalid, variant: 'destructive' },
} as const;

/**
 * The e-mail verification link lands on a screen with ?emailVerified=: the outcome is said once, then the parameter
 * leaves the address (a reload or a shared address does not say it again).
 */
export function EmailVerifiedNotice() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('emailVerified');
  useEffect(() => {
    if (outcome === null) return;
    const notice = NOTICES[outcome as keyof typeof NOTICES];
    if (notice) toast(notice);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('emailVerified');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [outcome, setParams]);
  return null;
}
