/**
 * Whether each Postgres LISTEN session of an app is connected. The sessions belong to plain objects (BackgroundLoop,
 * built with `new` inside services), not to the DI container, so they find their app's status through the app scope
 * (`currentListenStatus`, app-scope.ts); `/metrics` (`pg_listen_connected`) and `/readyz` (`listen`) read it.
 */
export class ListenStatus {
  private readonly sessions = new Map<object, { channel: string; connected: boolean }>();

  report(session: object, channel: string, connected: boolean): void {
    this.sessions.set(session, { channel, connected });
  }

  forget(session: object): void {
    this.sessions.delete(session);
  }

  /** Each channel listened on, connected when every session on it is. */
  channels(): Array<{ channel: string; connected: boolean }> {
    const byChannel = new Map<string, boolean>();
    for (const { channel, connected } of this.sessions.values()) {
      byChannel.set(channel, (byChannel.get(channel) ?? true) && connected);
    }
    return [...byChannel].map(([channel, connected]) => ({ channel, connected }));
  }
}

/** The status of a process that runs no app scope (one app per process, tests). */
export const listenStatus = new ListenStatus();
