import { useGoBack } from '../hooks/use-go-back';

/** "Retour": back in history when there is somewhere to go back to, else to `fallback`. */
export function BackButton({ fallback = '/' }: { fallback?: string }) {
  const goBack = useGoBack(fallback);
  return (
    <button type="button" className="button button--ghost back-button" onClick={goBack}>
      <span aria-hidden="true">←</span> Retour
    </button>
  );
}
