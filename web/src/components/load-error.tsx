import { StatusMessage } from './status-message';

interface LoadErrorProps {
  /** The screen's French failure title. */
  title: string;
  text?: string;
  /** Loads again, usually the query's `refetch`; a failed retry only leaves the message in place. */
  onRetry: () => Promise<unknown>;
}

/** A screen's load failure, announced as an alert, with « Réessayer » (docs/decisions.md#web-shared-rules). */
export function LoadError({ title, text, onRetry }: LoadErrorProps) {
  return (
    <StatusMessage
      tone="error"
      title={title}
      text={text}
      action={
        <button type="button" className="button button--primary" onClick={() => void onRetry().catch(() => undefined)}>
          Réessayer
        </button>
      }
    />
  );
}
