/** The close code of a socket whose session has ended (signed out, here or on another device): not an incident. */
const SESSION_ENDED = 4401;

/** Whether a subscription's error is its socket closing because the session ended (the app signs out by itself). */
export function isSessionEnded(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return new RegExp(`\\b${SESSION_ENDED}\\b`).test(message) && /Socket closed/i.test(message);
}

/**
 * Reports a live subscription's interruption in the console (the socket reconnects by itself; the screens keep what
 * they show meanwhile), unless it is the end of the session, which signing out causes on every screen.
 */
export function reportSubscriptionError(what: string, error: unknown): void {
  if (isSessionEnded(error)) return;
  console.error(`Abonnement ${what} interrompu`, error);
}
