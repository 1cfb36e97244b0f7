import { useShare } from '../hooks/use-share';

/** Shares the listing's address (system sheet, else copied link). */
export function ShareButton({ title }: { title: string }) {
  const share = useShare();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Partager"
      title="Partager"
      onClick={() => void share({ title, url: window.location.href })}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
      </svg>
    </button>
  );
}
