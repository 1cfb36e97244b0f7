import { useLogoutMutation } from '../hooks/use-logout-mutation';

/** "Se déconnecter", disabled while the call runs. */
export function LogoutButton({ className = 'button button--secondary' }: { className?: string }) {
  const { logout, loading } = useLogoutMutation();
  return (
    <button type="button" className={className} disabled={loading} onClick={() => void logout()}>
      {loading ? 'Déconnexion...' : 'Se déconnecter'}
    </button>
  );
}
