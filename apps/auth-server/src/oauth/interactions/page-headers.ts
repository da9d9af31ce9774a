import { type Response } from 'express';

/**
 * Every response of the authorization flow: never framed (clickjacking), never cached, no referrer to other
 * sites (the URLs carry state), no scripts. `same-origin` rather than `no-referrer`: with the latter browsers
 * send `Origin: null` on our own form posts, which the CSRF check refuses.
 */
export function setPageHeaders(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('X-Content-Type-Options', 'nosniff');
}
