import { zodResolver } from '@hookform/resolvers/zod';
import { ZDeleteAccount } from '@flaneur/schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { useDeleteAccountMutation } from '../hooks/use-delete-account-mutation';
import { useExportMyData } from '../hooks/use-export-my-data';

/** The confirmation of an account deletion: the password again, « Annuler » first, the red action second. */
function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { deleteAccount, loading } = useDeleteAccountMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZDeleteAccount), defaultValues: { password: '' } });

  const close = () => {
    if (loading) return;
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async ({ password }) => {
    const result = await deleteAccount(password);
    if (!result.ok && result.passwordError) setError('password', { message: result.passwordError });
  });

  return (
    <ModalDialog
      open={open}
      title="Supprimer votre compte ?"
      description="Vos annonces, favoris, découvertes, documents et positions seront supprimés définitivement. Vos interlocuteurs garderont vos messages, signés « Utilisateur supprimé ». Cette action est irréversible."
      onClose={close}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={close} disabled={loading}>
            Annuler
          </button>
          <button type="submit" form="delete-account-form" className="button button--danger" disabled={loading}>
            {loading ? 'Suppression...' : 'Supprimer mon compte'}
          </button>
        </>
      }
    >
      <form id="delete-account-form" className="form" noValidate onSubmit={onSubmit}>
        <FormField
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          required
          registration={register('password')}
          error={errors.password}
        />
      </form>
    </ModalDialog>
  );
}

/** Paramètres: the user's rights over their data (RGPD): download it, delete the account. */
export function AccountDataSection() {
  const { exportMyData, loading: exporting } = useExportMyData();
  const [deleting, setDeleting] = useState(false);

  return (
    <section className="card profile-settings__card" aria-labelledby="account-data-title">
      <h2 id="account-data-title" className="card__title">
        Mes données
      </h2>
      <p className="page__note">
        Téléchargez tout ce que Flâneur conserve sur vous (fichier JSON), ou supprimez votre compte.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void exportMyData()}
          disabled={exporting}
        >
          {exporting ? 'Préparation...' : 'Télécharger mes données'}
        </button>
        <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
          Supprimer mon compte
        </button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
