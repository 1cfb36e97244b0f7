import '../moderation.css';

interface TrustWarningBannerProps {
  warning: { message: string } | null | undefined;
  onReport: () => void;
}

/** The calm warning above a conversation's messages, with « Signaler la conversation ». */
export function TrustWarningBanner({ warning, onReport }: TrustWarningBannerProps) {
  if (!warning) return null;
  return (
    <aside className="trust-warning" aria-label="Conseil de prudence">
      <p className="trust-warning__title">Prudence</p>
      <p>{warning.message}</p>
      <button type="button" className="button button--link trust-warning__report" onClick={onReport}>
        Signaler la conversation
      </button>
    </aside>
  );
}
