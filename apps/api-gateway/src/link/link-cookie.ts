import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '@cps/persistence';

export const LINK_COOKIE_NAME = 'cps_link';

/**
 * The link flow's browser session: an HttpOnly, SameSite=Lax cookie holding sync-service's session secret,
 * an expiry and an HMAC of both, so a cookie the gateway did not issue (or one past its time) is ignored.
 * CSRF tokens are HMACs of the session secret under the same key: another site can neither read the
 * cookie nor compute a token for it.
 */
export class LinkCookies {
  constructor(
    private readonly key: string,
    private readonly options: { path: string; secure: boolean; maxAgeSeconds: number },
  ) {}

  /** The Set-Cookie value carrying a new session. */
  issue(sessionId: string, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + this.options.maxAgeSeconds;
    const value = `${sessionId}.${expires}.${this.mac(`${sessionId}.${expires}`)}`;
    return this.attributes(`${LINK_COOKIE_NAME}=${value}`, this.options.maxAgeSeconds);
  }

  /** The Set-Cookie value that removes it. */
  clear(): string {
    return this.attributes(`${LINK_COOKIE_NAME}=`, 0);
  }

  /** The session secret of a valid, unexpired cookie in this Cookie header; null otherwise. */
  read(cookieHeader: string | undefined, now: Date): string | null {
    const value = parseCookie(cookieHeader, LINK_COOKIE_NAME);
    const parts = value?.split('.');
    if (!parts || parts.length !== 3) return null;
    const [sessionId, expires, mac] = parts as [string, string, string];
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(sessionId) || !/^\d{1,12}$/.test(expires)) return null;
    if (!constantTimeEqual(this.mac(`${sessionId}.${expires}`), mac)) return null;
    if (Number(expires) * 1000 <= now.getTime()) return null;
    return sessionId;
  }

  csrfToken(sessionId: string): string {
    return this.mac(`csrf:${sessionId}`);
  }

  verifyCsrf(sessionId: string, presented: unknown): boolean {
    return typeof presented === 'string' && constantTimeEqual(this.csrfToken(sessionId), presented);
  }

  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }

  private attributes(pair: string, maxAge: number): string {
    const parts = [pair, `Path=${this.options.path}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax'];
    if (this.options.secure) parts.push('Secure');
    return parts.join('; ');
  }
}

function parseCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}
