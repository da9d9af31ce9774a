import { type SyncContracts } from '@cps/contracts';
import { cardPage, DEFAULT_HISTORY_WINDOW_DAYS, historyWindowChoices, linkExitUrl, escapeHtml } from '@cps/domain';

type LinkSessionView = SyncContracts.LinkSessionView;

/**
 * Server-rendered pages of the hosted link flow: no scripts, inline styles only, every value escaped.
 * Usable on a phone (fluid single column, large targets) and with a keyboard (native controls in reading
 * order, visible focus, the first field focused, errors announced with role="alert").
 */

/** Where the pages live: `{base path}/link` and the public retailer images. */
export interface PageContext {
  /** Path of the gateway under its public address ('' at the root), e.g. '/api'. */
  basePath: string;
  csrf: string;
  /** The brand the shopper links to (its display name, else its team name); null when unknown. */
  brandName?: string | null;
  /** The brand's logo (an https address), when it has one. */
  brandLogoUrl?: string | null;
  /** The bound connection lost its retailer sign-in: the sign-in page says why the shopper signs in again. */
  reauthentication?: boolean;
  /** For the consent step: the history window the brand asks for, and its privacy page (null: none). */
  sharing?: { offeredHistoryWindowDays: number; privacyPolicyUrl: string | null };
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1b1f;--muted:#5b5b66;--bg:#f6f6f8;--card:#fff;--line:#d9d9e0;--accent:#1d4ed8;--error:#b00020}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--muted:#a7a7b3;--bg:#121216;--card:#1d1d23;--line:#3a3a44;--accent:#8ab4ff;--error:#ff8a80}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.5rem}
.brand{display:flex;align-items:center;gap:.75rem;margin-bottom:1rem}
.brand img{height:40px;width:auto;max-width:10rem}
.tagline{margin:0;color:var(--muted);font-size:.9rem}
.brand .brand-logo{height:24px;width:auto;max-width:8rem;vertical-align:middle}
h1{font-size:1.35rem;line-height:1.3;margin:.25rem 0 .75rem}
p{margin:.5rem 0}
.muted{color:var(--muted);font-size:.9rem}
label{display:block;margin:1rem 0 .3rem;font-weight:600}
input{width:100%;font:inherit;padding:.7rem .8rem;border:1px solid var(--line);border-radius:8px;background:transparent;color:inherit}
button{font:inherit;cursor:pointer;border-radius:8px;padding:.75rem 1rem;min-height:44px;width:100%;margin-top:1rem;border:1px solid var(--accent);background:var(--accent);color:#fff;font-weight:600}
@media (prefers-color-scheme:dark){button{color:#0b1020}}
button.secondary{background:transparent;color:var(--accent);border-color:var(--line);font-weight:500}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.error{color:var(--error);border-left:4px solid var(--error);padding:.4rem .75rem;margin:1rem 0}
ul.retailers{list-style:none;margin:1rem 0 0;padding:0;display:grid;gap:.6rem}
ul.retailers button{display:flex;align-items:center;gap:.8rem;margin:0;background:transparent;color:inherit;border-color:var(--line);text-align:left;font-weight:600}
ul.retailers img{width:32px;height:32px;flex:none}
form.inline{margin:0}
footer{margin-top:1.25rem;text-align:center}
fieldset{border:1px solid var(--line);border-radius:8px;margin:1rem 0 0;padding:.5rem 1rem}
legend{font-weight:600;padding:0 .3rem}
label.choice{display:flex;gap:.6rem;align-items:center;font-weight:500;margin:.6rem 0}
label.choice input{width:auto;margin:0}
`;

function layout(title: string, body: string, head = ''): string {
  return cardPage(title, STYLE, body, head);
}

function image(context: PageContext, retailerId: string, kind: 'logo' | 'icon', alt: string): string {
  const base = `${context.basePath}/assets/retailers/${encodeURIComponent(retailerId)}/${kind}`;
  return `<picture><source srcset="${escapeHtml(`${base}-dark.svg`)}" media="(prefers-color-scheme: dark)"><img src="${escapeHtml(`${base}-light.svg`)}" alt="${escapeHtml(alt)}"></picture>`;
}

/** Who the shopper links to (the brand) and, once chosen, the retailer's name and logo. */
function retailerBrand(context: PageContext, retailer: { retailer_id: string; name: string } | null): string {
  const logo = context.brandLogoUrl
    ? `<img class="brand-logo" src="${escapeHtml(context.brandLogoUrl)}" alt="" referrerpolicy="no-referrer"> `
    : '';
  const tagline = context.brandName
    ? `<p class="tagline">${logo}Linking your account to <strong>${escapeHtml(context.brandName)}</strong></p>`
    : `<p class="tagline">Secure account linking</p>`;
  if (!retailer) return `<div class="brand">${tagline}</div>`;
  return `<div class="brand">${image(context, retailer.retailer_id, 'logo', retailer.name)}${tagline}</div>`;
}

function action(context: PageContext, step: string): string {
  return escapeHtml(`${context.basePath}/link/${step}`);
}

function csrfField(context: PageContext): string {
  return `<input type="hidden" name="csrf" value="${escapeHtml(context.csrf)}">`;
}

function exitButton(context: PageContext, label = 'Exit'): string {
  return `<footer><form class="inline" method="post" action="${action(context, 'exit')}">${csrfField(context)}
<button type="submit" class="secondary">${escapeHtml(label)}</button></form></footer>`;
}

/** A step of the flow: who links to whom above its content, the exit button below. */
function stepPage(
  title: string,
  context: PageContext,
  retailer: { retailer_id: string; name: string } | null,
  content: string,
): string {
  return layout(title, `${retailerBrand(context, retailer)}\n${content}\n${exitButton(context)}`);
}

/** Back to the retailer list, when the session may still pick another one. */
function chooseAnotherStore(view: LinkSessionView, context: PageContext): string {
  return view.can_choose_retailer
    ? `<form class="inline" method="post" action="${action(context, 'retailer')}">${csrfField(context)}
<input type="hidden" name="retailer_id" value=""><button type="submit" class="secondary">Choose another store</button></form>`
    : '';
}

function alert(message: string | null): string {
  return message ? `<p class="error" role="alert" id="problem">${escapeHtml(message)}</p>` : '';
}

function attempts(left: number | null): string {
  if (left === null) return '';
  return left === 1 ? ' 1 attempt left.' : ` ${left} attempts left.`;
}

/** What went wrong, for the shopper. */
export function errorMessage(view: LinkSessionView): string | null {
  const error = view.error;
  if (!error) return null;
  const retailer = view.retailer?.name ?? 'The retailer';
  switch (error.code) {
    case 'invalid_credentials':
      return `That email and password did not work at ${retailer}. Check them and try again.${attempts(error.attempts_left)}`;
    case 'invalid_code':
      return `That code is not right.${attempts(error.attempts_left)}`;
    case 'challenge_expired':
      return 'Your one-time code expired. Sign in again to get a new one.';
    case 'retailer_unavailable':
      return `${retailer} is not answering right now. Please try again in a moment.`;
    case 'too_many_attempts':
      return 'There were too many sign-in attempts. Go back and start again.';
    case 'link_unavailable':
      return 'This link can no longer be used. Go back and start again.';
    case 'connection_unavailable':
      return 'This account connection can no longer be renewed. Go back and start again.';
  }
}

export function selectRetailerPage(view: LinkSessionView, context: PageContext): string {
  const items = view.retailers
    .map(
      (retailer, index) =>
        `<li><button type="submit" name="retailer_id" value="${escapeHtml(retailer.retailer_id)}"${index === 0 ? ' autofocus' : ''}>${image(context, retailer.retailer_id, 'icon', '')}<span>${escapeHtml(retailer.name)}</span></button></li>`,
    )
    .join('\n');
  const list = items
    ? `<form method="post" action="${action(context, 'retailer')}">${csrfField(context)}
<ul class="retailers" aria-label="Retailers">
${items}
</ul></form>`
    : `<p>No retailers are available to link right now.</p>`;
  return stepPage(
    'Choose your retailer',
    context,
    null,
    `<h1>Choose the store you shop at</h1>
<p class="muted">Sign in to your account there to share your purchases.</p>
${list}`,
  );
}

/** A history window as the consent step names it. */
function windowLabel(days: number): string {
  if (days === 0) return 'None: only purchases from now on';
  if (days === 365) return 'The last 12 months';
  return days === 1 ? 'The last day' : `The last ${days} days`;
}

/**
 * The consent step, before the retailer sign-in: what the brand will see, how much past history (the brand's
 * ask or narrower; a re-link starts from the connection's current choice), and the brand's privacy page.
 */
export function consentPage(view: LinkSessionView, context: PageContext): string {
  const retailer = view.retailer?.name ?? 'your retailer';
  const brand = context.brandName ?? 'The brand';
  const offered = context.sharing?.offeredHistoryWindowDays ?? DEFAULT_HISTORY_WINDOW_DAYS;
  const choices = historyWindowChoices(offered);
  const current = view.current_history_window_days;
  const selected = current !== null && choices.includes(current) ? current : offered;
  const options = choices
    .map(
      (days) =>
        `<label class="choice"><input type="radio" name="history_window_days" value="${days}"${days === selected ? ' checked' : ''}>${escapeHtml(windowLabel(days))}${days === offered && days > 0 ? ` <span class="muted">(asked for by ${escapeHtml(brand)})</span>` : ''}</label>`,
    )
    .join('\n');
  const privacy = context.sharing?.privacyPolicyUrl
    ? `<p><a href="${escapeHtml(context.sharing.privacyPolicyUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(`${brand}'s privacy policy`)}</a></p>`
    : '';
  return stepPage(
    'Choose what you share',
    context,
    view.retailer,
    `<h1>Choose what ${escapeHtml(brand)} can see</h1>
<p>${escapeHtml(`${brand} will see your ${retailer} purchases: the date, the items (name, brand, price and quantity) and the totals. It will not see your ${retailer} password or payment details.`)}</p>
<form method="post" action="${action(context, 'consent')}">${csrfField(context)}
<fieldset><legend>Past purchases to share</legend>
${options}
</fieldset>
<p class="muted">New purchases are shared while your account stays linked. You can change this by linking your account again, or stop sharing at any time.</p>
<button type="submit" autofocus>Agree and continue</button>
</form>
${privacy}
${chooseAnotherStore(view, context)}`,
  );
}

export function signInPage(view: LinkSessionView, context: PageContext): string {
  const retailer = view.retailer;
  const name = retailer?.name ?? 'your retailer';
  const problem = errorMessage(view);
  return stepPage(
    `Sign in to ${name}`,
    context,
    retailer,
    `<h1>Sign in to ${escapeHtml(name)}</h1>
${context.reauthentication ? `<p>${escapeHtml(`Your ${name} sign-in stopped working (for example after a password change), so your new purchases can no longer be shared. Sign in again to keep sharing them.`)}</p>` : ''}
${alert(problem)}
<form method="post" action="${action(context, 'sign-in')}">${csrfField(context)}
<label for="email">Email</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="username" autocapitalize="none" spellcheck="false" value="${escapeHtml(view.prefill_email ?? '')}"${problem ? ' aria-describedby="problem"' : ''}${view.prefill_email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" required maxlength="256" autocomplete="current-password"${view.prefill_email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p class="muted">Your ${escapeHtml(name)} sign-in is kept encrypted and is used only to collect your new purchases.</p>
${chooseAnotherStore(view, context)}`,
  );
}

export function oneTimeCodePage(view: LinkSessionView, context: PageContext): string {
  const retailer = view.retailer;
  const name = retailer?.name ?? 'Your retailer';
  const problem = errorMessage(view);
  const sentTo = view.code_sent_to ? ` to ${view.code_sent_to}` : '';
  return stepPage(
    'Enter your one-time code',
    context,
    retailer,
    `<h1>Enter your one-time code</h1>
<p>${escapeHtml(`${name} sent a code${sentTo}.`)}</p>
${alert(problem)}
<form method="post" action="${action(context, 'code')}">${csrfField(context)}
<label for="code">One-time code</label>
<input id="code" name="code" type="text" required maxlength="32" inputmode="numeric" autocomplete="one-time-code" autofocus${problem ? ' aria-describedby="problem"' : ''}>
<button type="submit">Verify</button>
</form>`,
  );
}

export function errorPage(view: LinkSessionView, context: PageContext): string {
  const retailer = view.retailer;
  const retryable = view.error?.retryable ?? false;
  const retry =
    retryable && retailer
      ? `<form class="inline" method="post" action="${action(context, 'retailer')}">${csrfField(context)}
<input type="hidden" name="retailer_id" value="${escapeHtml(retailer.retailer_id)}"><button type="submit" autofocus>Try again</button></form>`
      : '';
  return layout(
    'Something went wrong',
    `${retailerBrand(context, retailer)}
<h1>We could not link your account</h1>
${alert(errorMessage(view) ?? 'Something went wrong.')}
${retry}
${exitButton(context, retryable ? 'Exit' : 'Go back')}`,
  );
}

/** Seconds the success page shows before it returns to `redirect_url` by itself. */
export const SUCCESS_RETURN_SECONDS = 2;

export function successPage(view: LinkSessionView, context: PageContext): string {
  const name = view.retailer?.name ?? 'retailer';
  // A meta refresh, not a script (the pages allow none): back to the brand without a click.
  const returning = view.redirect_url
    ? `<meta http-equiv="refresh" content="${SUCCESS_RETURN_SECONDS};url=${action(context, 'done')}">`
    : '';
  return layout(
    'Account linked',
    `${retailerBrand(context, view.retailer)}
<h1>Your ${escapeHtml(name)} account is linked</h1>
<p role="status">Your purchases will now be shared as you agreed. You can stop sharing at any time.${view.redirect_url ? ' Taking you back now.' : ''}</p>
<form method="post" action="${action(context, 'exit')}">${csrfField(context)}
<button type="submit" autofocus>Continue</button></form>`,
    returning,
  );
}

/** A way back to the brand's site from a page that ends the flow, with the result it should know. */
export function backLink(redirectUrl: string, result: 'cancelled' | 'error'): { href: string; label: string } {
  return { href: linkExitUrl(redirectUrl, result, null), label: `Go back to ${new URL(redirectUrl).host}` };
}

/** The end of a flow without a redirect_url, or a problem outside any session (expired, invalid link). */
export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  const next = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return layout(
    title,
    `${retailerBrand({ basePath: '', csrf: '' }, null)}
<h1 role="alert">${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${next}`,
  );
}

export function pageFor(view: LinkSessionView, context: PageContext): string {
  switch (view.state) {
    case 'select_retailer':
      return selectRetailerPage(view, context);
    case 'sign_in':
      return view.history_window_days === null ? consentPage(view, context) : signInPage(view, context);
    case 'one_time_code':
      return oneTimeCodePage(view, context);
    case 'error':
      return errorPage(view, context);
    case 'succeeded':
      return successPage(view, context);
    case 'cancelled':
      return view.redirect_url
        ? messagePage('Nothing was linked', 'You left the account linking.', backLink(view.redirect_url, 'cancelled'))
        : messagePage('Nothing was linked', 'You left the account linking. You can close this window.');
  }
}
