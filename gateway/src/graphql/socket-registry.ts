import type { WebSocket } from 'ws';

interface Entry {
  socket: WebSocket;
  userId: number | null;
  sessionId: string | null;
}

/** Open graphql-ws sockets by session and user, so logout and password reset can close them. */
export class SocketRegistry {
  private readonly entries = new Set<Entry>();

  add(socket: WebSocket, userId: number | null, sessionId: string | null): void {
    const entry = { socket, userId, sessionId };
    this.entries.add(entry);
    socket.once('close', () => this.entries.delete(entry));
  }

  /** Closes the sockets opened with this session (4401: the client must authenticate again). */
  closeSession(sessionId: string): void {
    for (const e of this.entries) if (e.sessionId === sessionId) e.socket.close(4401, 'Session ended');
  }

  /** Closes every socket of a user (password reset, account deletion). */
  closeUser(userId: number): void {
    for (const e of this.entries) if (e.userId === userId) e.socket.close(4401, 'Session ended');
  }

  /** Closes everything (shutdown: 1001 going away). */
  closeAll(code = 1001): void {
    for (const e of this.entries) e.socket.close(code, 'Server shutting down');
  }

  countForUser(userId: number): number {
    let n = 0;
    for (const e of this.entries) if (e.userId === userId) n++;
    return n;
  }
}
