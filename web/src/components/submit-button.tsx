import type { ReactNode } from 'react';
import { useHydrated } from './client-only';

interface SubmitButtonProps {
  /** The form is being sent: the button is disabled (and reads `busyLabel` if given). */
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
}

/**
 * The submit button of a form on a screen the server paints: disabled until the app has hydrated (the form's handler
 * is not attached before), so that a form sent before the script has run never leaves as the browser's own GET, its
 * fields (a password) in the address. A disabled default button also stops Enter from sending the form. With the
 * form's `method="post"`, a field never reaches an address even then.
 */
export function SubmitButton({ busy, busyLabel, children }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className="button button--primary" disabled={busy || !hydrated}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
