import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import './common.css';

interface BackButtonProps {
  /** Where to go when there is no history entry to go back to; default "/". */
  fallback?: string;
  /** "icon" (page headers): a chevron named by `label`; "text": "← Retour" in the page. */
  variant?: 'icon' | 'text';
  label?: string;
}

/** The back rule: back in history when the app has a previous entry, else to `fallback`. */
export function useGoBack(fallback = '/') {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    // The first entry of a session has the key "default": there is nothing of ours to go back to.
    if (location.key !== 'default' && window.history.length > 1) void navigate(-1);
    else void navigate(fallback);
  }, [fallback, location.key, navigate]);
}

/** "Retour": back in history if the app has an earlier entry, else to the fallback path. */
export function BackButton({ fallback = '/', variant = 'icon', label = 'Retour' }: BackButtonProps) {
  const goBack = useGoBack(fallback);

  if (variant === 'text') {
    return (
      <button type="button" className="button button--ghost back-button back-button--text" onClick={goBack}>
        <span aria-hidden="true">←</span> {label}
      </button>
    );
  }
  return (
    <button type="button" className="button button--ghost back-button" onClick={goBack} aria-label={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className="nav-icon">
        <path d="M15 18l-6-6 6-6" />
      </svg>
    </button>
  );
}
