import { BLOCK_AUDIENCES, cardPage, STOREFRONT_TAG_NAMES, type BlockAudience, escapeHtml } from '@cps/domain';
import { type Response } from 'express';
import { type Shop } from '../shops/shop.js';

const AUDIENCE_LABELS: Record<BlockAudience, string> = {
  everyone: 'Everyone (signed-out visitors are invited to sign in)',
  signed_in: 'Signed-in customers only',
  customer_tag: 'Customers with one of these tags',
  email_domain: 'Customers whose email is at one of these domains',
  hidden: 'Nobody (the block is hidden)',
};

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1b1f;--muted:#5b5b66;--bg:#f6f6f8;--card:#fff;--line:#d9d9e0;--accent:#1d4ed8;--error:#b00020;--ok:#1b7f3b}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--muted:#a7a7b3;--bg:#121216;--card:#1d1d23;--line:#3a3a44;--accent:#8ab4ff;--error:#ff8a80;--ok:#7ddc9b}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.5rem}
h1{font-size:1.4rem;margin:0 0 .5rem}
h2{font-size:1.1rem;margin:1.5rem 0 .25rem}
fieldset{border:0;padding:0;margin:1rem 0}
legend{font-weight:600;padding:0}
label{display:block;margin:.75rem 0 .3rem;font-weight:600}
fieldset label{font-weight:400;margin:.3rem 0;display:flex;gap:.5rem;align-items:flex-start}
input[type=text],input[type=password]{width:100%;font:inherit;padding:.6rem .8rem;border:1px solid var(--line);border-radius:8px;background:transparent;color:inherit}
.hint{color:var(--muted);font-size:.9rem;margin:.2rem 0}
button{font:inherit;cursor:pointer;border-radius:8px;padding:.7rem 1.2rem;min-height:44px;margin-top:1.25rem;border:1px solid var(--accent);background:var(--accent);color:#fff;font-weight:600}
@media (prefers-color-scheme:dark){button{color:#0b1020}}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.error{color:var(--error)}
.notice{border-left:4px solid var(--ok);padding:.4rem .75rem;margin:1rem 0}
.problem{border-left:4px solid var(--error);padding:.4rem .75rem;margin:1rem 0}
`;

/**
 * Every settings response: never framed or cached, no scripts at all, forms post only here, no referrer
 * outside this service.
 */
export function setSettingsHeaders(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

export function messagePage(title: string, text: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}

function layout(title: string, body: string): string {
  return cardPage(title, STYLE, body);
}

export interface SettingsView {
  shop: Shop;
  /** `active`: the stored key works; `invalid`: it does not; `none`: no key. */
  keyStatus: 'active' | 'invalid' | 'none';
  csrf: string;
  saved: boolean;
  /** Values to show again after a refused post (never the API key). */
  form?: Record<string, string>;
  errors?: Record<string, string>;
}

const KEY_STATUS: Record<SettingsView['keyStatus'], string> = {
  active: 'An API key is stored and works.',
  invalid: 'The stored API key no longer works (it was revoked). Enter a new one.',
  none: 'No API key is stored: the block is not shown. Enter the API key of the brand.',
};

/** The shop's settings form: API key (write-only), who sees the block, default connection tags. */
export function settingsPage(view: SettingsView): string {
  const { shop, errors = {} } = view;
  const value = (name: string, stored: string) => escapeHtml(view.form?.[name] ?? stored);
  const audience = view.form?.audience ?? shop.visibility.audience;
  const fieldError = (name: string) =>
    errors[name] ? `<p class="error" id="${name}-error">${escapeHtml(errors[name])}</p>` : '';
  const described = (name: string) => (errors[name] ? ` aria-describedby="${name}-error" aria-invalid="true"` : '');
  const audiences = BLOCK_AUDIENCES.map(
    (option) =>
      `<label><input type="radio" name="audience" value="${option}"${option === audience ? ' checked' : ''}> ${escapeHtml(AUDIENCE_LABELS[option])}</label>`,
  ).join('\n');
  const tags = STOREFRONT_TAG_NAMES.map(
    (name) => `<label for="${name}">${name}</label>
<input type="text" id="${name}" name="${name}" maxlength="300" value="${value(name, shop.defaultTags[name] ?? '')}"${described(name)}>
${fieldError(name)}`,
  ).join('\n');
  const banner = view.saved
    ? '<p class="notice" role="status">Saved.</p>'
    : Object.keys(errors).length > 0
      ? '<p class="problem" role="alert">Nothing was saved: check the fields marked below.</p>'
      : '';
  return layout(
    `Connected purchases: ${shop.domain}`,
    `<h1>Connected purchases</h1>
<p class="hint">Settings of <strong>${escapeHtml(shop.domain)}</strong></p>
${banner}
<form method="post" action="/settings">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<h2>Brand API key</h2>
<p class="hint">${escapeHtml(KEY_STATUS[view.keyStatus])} The key is stored encrypted and never shown.</p>
<label for="api_key">Replace the API key</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" maxlength="300"${described('api_key')}>
${fieldError('api_key')}
<h2>Who sees the block</h2>
<fieldset${described('audience')}><legend>Show the connected-accounts block to</legend>
${audiences}
</fieldset>
${fieldError('audience')}
<label for="customer_tags">Customer tags</label>
<input type="text" id="customer_tags" name="customer_tags" value="${value('customer_tags', shop.visibility.customerTags.join(', '))}"${described('customer_tags')}>
<p class="hint">Comma-separated, for "customers with one of these tags".</p>
${fieldError('customer_tags')}
<label for="email_domains">Email domains</label>
<input type="text" id="email_domains" name="email_domains" value="${value('email_domains', shop.visibility.emailDomains.join(', '))}"${described('email_domains')}>
<p class="hint">Comma-separated, e.g. example.com, for "customers whose email is at one of these domains".</p>
${fieldError('email_domains')}
<h2>Connection tags</h2>
<p class="hint">Recorded on connections your customers create from now on; existing connections keep theirs.</p>
${tags}
<button type="submit">Save</button>
</form>`,
  );
}
