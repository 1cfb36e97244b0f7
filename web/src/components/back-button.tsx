import { useLocation, useNavigate } from 'react-router-dom';
import './common.css';

interface BackButtonProps {
  /** Where to go when there is no history entry to go back to. */
  fallback: string;
  label?: string;
}

/** "Retour": back in history if the app has an earlier entry, else to the fallback path. */
export function BackButton({ fallback, label = 'Retour' }: BackButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();

  const goBack = () => {
    // React Router marks the first entry of the session with the key "default".
    if (location.key !== 'default') navigate(-1);
    else navigate(fallback);
  };

  return (
    <button type="button" className="button button--ghost back-button" onClick={goBack} aria-label={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className="nav-icon">
        <path d="M15 18l-6-6 6-6" />
      </svg>
    </button>
  );
}
