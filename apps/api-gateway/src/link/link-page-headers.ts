import { type Response } from 'express';

/**
 * Every response of the link flow: never framed (clickjacking), never cached, no referrer outside the
 * gateway (the first URL carries the link token; same-origin still lets browsers send our Origin with
 * form posts), no scripts; images also from https addresses (a brand's logo). Forms post to the gateway only, and the exit may redirect to the
 * brand's `redirect_url` (browsers apply form-action to the redirect after a form post).
 */
export function setLinkPageHeaders(res: Response, redirectUrl: string | null = null): void {
  let formAction = "'self'";
  if (redirectUrl) {
    try {
      formAction += ` ${new URL(redirectUrl).origin}`;
    } catch {
      // an unreadable redirect_url is refused before it gets here
    }
  }
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https:; form-action ${formAction}; ` +
      "frame-ancestors 'none'; base-uri 'none'",
  );
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('X-Content-Type-Options', 'nosniff');
}
