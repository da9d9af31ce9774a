import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '@cps/persistence';

/**
 * The interaction's CSRF token: an HMAC of its uid under the cookie key. The uid is bound to the browser's
 * signed interaction cookie, so another site can neither read nor compute a valid token for a victim.
 */
export class CsrfTokens {
  constructor(private readonly key: string) {}

  issue(uid: string): string {
    return createHmac('sha256', this.key).update(`csrf:${uid}`).digest('base64url');
  }

  verify(uid: string, presented: unknown): boolean {
    return typeof presented === 'string' && constantTimeEqual(this.issue(uid), presented);
  }
}
