/** What a service may do with the caller's session, whatever the transport (REST, GraphQL over HTTP). */
export interface SessionHandle {
  readonly id: string;
  readonly userId: number | null;
  /** Starts a signed-in session under a new id (no session fixation). */
  signIn(userId: number): Promise<void>;
  /** Ends the session. */
  signOut(): Promise<void>;
}

/** The request-scoped facts a service needs: who calls, from where, with which session. */
export interface RequestMeta {
  ip: string;
  session: SessionHandle;
}
