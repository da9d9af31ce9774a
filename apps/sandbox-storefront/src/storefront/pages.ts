import { type Response } from 'express';
import { type Customer } from '../customers/customer.repository.js';
import { escapeHtml } from '@cps/domain';

/**
 * The sandbox shop's pages: server-rendered, every value escaped, no inline script or style (the CSP allows
 * scripts and styles from this origin only, like a theme's assets).
 */

/** Every page: not framed, not cached, scripts and styles from this origin, images also from the API's. */
export function setPageHeaders(res: Response, imageOrigin: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' ${imageOrigin}; connect-src 'self'; ` +
      "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
}

function layout(title: string, customer: Customer | null, main: string, scripts = ''): string {
  const account = customer
    ? `<form method="post" action="/account/logout" class="account"><span>Signed in as ${escapeHtml(customer.email)}</span>
<button type="submit" class="link">Sign out</button></form>`
    : `<a class="account" href="/account/login">Sign in</a>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/assets/storefront.css">${scripts}</head>
<body><header><a class="shop" href="/">Sandbox Shop</a>${account}</header>
<main>${main}</main>
<footer><p>A sandbox storefront for trying the Connected Purchases theme block.</p></footer></body></html>`;
}

/** The homepage: a product teaser and the brand's theme block (filled in by /assets/theme-block.js). */
export function homePage(customer: Customer | null, proxyPath: string): string {
  const returnTo = `/account/login?return_url=${encodeURIComponent('/')}`;
  return layout(
    'Sandbox Shop',
    customer,
    `<h1>${customer ? `Welcome back${customer.firstName ? `, ${escapeHtml(customer.firstName)}` : ''}` : 'Welcome to Sandbox Shop'}</h1>
<p>Earn rewards on what you buy at your favourite stores.</p>
<section class="cps-block" data-cps-block data-proxy-path="${escapeHtml(proxyPath)}" data-signed-in="${customer ? 'true' : 'false'}" data-login-url="${escapeHtml(returnTo)}" aria-labelledby="cps-block-title" hidden>
<h2 id="cps-block-title">Link your store accounts</h2>
<noscript><p>Turn on JavaScript to link your store accounts.</p></noscript>
</section>`,
    `\n<script src="/assets/theme-block.js" defer></script>`,
  );
}

export function loginPage(returnUrl: string, problem: string | null, email = ''): string {
  const alert = problem ? `<p class="error" role="alert" id="problem">${escapeHtml(problem)}</p>` : '';
  return layout(
    'Sign in',
    null,
    `<h1>Sign in</h1>
${alert}
<form method="post" action="/account/login" class="login">
<input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="username" value="${escapeHtml(email)}"${problem ? ' aria-describedby="problem"' : ''} autofocus>
<label for="password">Password</label>
<input id="password" name="password" type="password" required maxlength="256" autocomplete="current-password">
<button type="submit">Sign in</button>
</form>`,
  );
}
