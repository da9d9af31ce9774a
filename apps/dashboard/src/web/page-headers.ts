import { type NextFunction, type Request, type Response } from 'express';

/**
 * Every response of the dashboard: never framed, never cached (pages show a team's data), scripts and styles
 * from this origin only (no inline code, no CDN), images also from the API's origin (retailer logos), forms
 * posted to this origin only.
 */
export function pageHeaders(imageOrigin: string) {
  const policy =
    "default-src 'none'; script-src 'self'; style-src 'self'; " +
    `img-src 'self' ${imageOrigin}; form-action 'self'; connect-src 'none'; frame-ancestors 'none'; base-uri 'none'`;
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  };
}
