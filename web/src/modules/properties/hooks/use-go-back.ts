import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** SPEC §2 back rule: back in history when the app has a previous entry, else to `fallback`. */
export function useGoBack(fallback = '/') {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    // The first entry of a session has the key "default": there is nothing of ours to go back to.
    if (location.key !== 'default' && window.history.length > 1) navigate(-1);
    else navigate(fallback);
  }, [fallback, location.key, navigate]);
}
