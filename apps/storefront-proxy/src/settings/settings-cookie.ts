import { createHmac, timingSafeEqual } from 'node:crypto';

export const SETTINGS_COOKIE = 'cps_shop_settings';

const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The merchant's settings session: after a signed link, an HttpOnly cookie `<shop>.<expiry>.<mac>` names the shop
 * for a while (a form needs longer than the link's 90 s); form posts also carry a CSRF token derived from it.
 */
export class SettingsCookies {
  private readonly key: Buffer;

  constructor(
    encryptionKey: string,
    private readonly options: { secure: boolean; maxAgeSeconds: number },
  ) {
    // A key of its own, derived so that a cookie MAC never doubles as anything else made with ENCRYPTION_KEY.
    this.key = createHmac('sha256', Buffer.from(encryptionKey, 'base64')).update('storefront settings cookie').digest();
  }

  issue(shop: string, now: Date): string {
    const payload = `${shop}.${Math.floor(now.getTime() / 1000) + this.options.maxAgeSeconds}`;
    const value = `${payload}.${mac(this.key, payload)}`;
    return `${SETTINGS_COOKIE}=${value}; Path=/settings; Max-Age=${this.options.maxAgeSeconds}; HttpOnly; SameSite=Strict${this.options.secure ? '; Secure' : ''}`;
  }

  /** The shop of a valid, unexpired cookie in a Cookie header, with the cookie's value (for CSRF tokens). */
  read(header: string | undefined, now: Date): { shop: string; value: string } | null {
    const value = header
      ?.split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${SETTINGS_COOKIE}=`))
      ?.slice(SETTINGS_COOKIE.length + 1);
    const match = value ? /^(.+)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
    if (!value || !match) return null;
    const [, shop, expiry, given] = match;
    if (!equal(mac(this.key, `${shop}.${expiry}`), given!)) return null;
    if (Number(expiry) * 1000 <= now.getTime()) return null;
    return { shop: shop!, value };
  }

  csrfToken(cookieValue: string): string {
    return mac(this.key, `csrf ${cookieValue}`);
  }

  verifyCsrf(cookieValue: string, token: unknown): boolean {
    return typeof token === 'string' && equal(this.csrfToken(cookieValue), token);
  }
}
