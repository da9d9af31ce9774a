import { escapeHtml } from '@cps/domain';
/**
 * Server-rendered pages of the authorization flow (sign-in, team picker, consent), in the style of the hosted
 * link pages: no scripts, inline styles only, every value escaped. Light and dark (prefers-color-scheme),
 * usable on a phone (fluid single column, 44px targets) and with a keyboard or screen reader (native controls
 * in reading order, one h1 per page, labelled fields, visible focus, errors announced with role="alert").
 */

export const PLATFORM_NAME = 'Connected Purchases';

/** What each scope lets the app do, as the consent page words it; `changes` marks scopes that can change data. */
const SCOPES: Record<string, { title: string; detail: string; changes?: boolean }> = {
  'connections:read': {
    title: 'See your shoppers’ connections',
    detail: 'Their status, retailer and contact fields.',
  },
  'retailers:read': { title: 'See your retailers', detail: 'Which retailers are enabled for your brand.' },
  'purchases:brand_products': {
    title: 'See purchases of your products',
    detail: 'Purchased items matched to your brand’s products.',
  },
  'mcp:read': {
    title: 'Ask questions about your data',
    detail: 'Read-only answers about your team’s purchases, connections and retailers.',
  },
  'retailers:write': {
    title: 'Change your retailers',
    detail: 'Enable, disable and configure retailers for your brand.',
    changes: true,
  },
  'connections:write': {
    title: 'Change your connections',
    detail: 'Create, change and delete connections; create and revoke link tokens.',
    changes: true,
  },
  'simulator:write': {
    title: 'Create test data',
    detail: 'Create simulated connections and purchases.',
    changes: true,
  },
};

/** The app asking for access, where it sends the browser back to, and who is signed in (when someone is). */
export interface AppContext {
  appName: string;
  /** Host of the redirect URI the app registered and named in this request; null when unknown. */
  redirectHost: string | null;
  /** The signed-in user's email and the address of "use another account"; absent before sign-in. */
  account?: { email: string; switchHref: string };
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1b1f;--muted:#5b5b66;--bg:#f6f6f8;--card:#fff;--line:#d9d9e0;--accent:#1d4ed8;--error:#b00020;--warn:#8a4b00}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--muted:#a7a7b3;--bg:#121216;--card:#1d1d23;--line:#3a3a44;--accent:#8ab4ff;--error:#ff8a80;--warn:#ffcc80}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.5rem}
.tagline{margin:0 0 1rem;color:var(--muted);font-size:.9rem}
.tagline strong{color:var(--fg)}
h1{font-size:1.35rem;line-height:1.3;margin:.25rem 0 .75rem;overflow-wrap:anywhere}
p{margin:.5rem 0}
h2{font-size:1rem;font-weight:600;margin:1rem 0 0}
.muted{color:var(--muted);font-size:.9rem}
.account{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:baseline;justify-content:space-between;border:1px solid var(--line);border-radius:8px;padding:.6rem .8rem;margin:1rem 0;font-size:.95rem}
.account strong{overflow-wrap:anywhere}
a{color:var(--accent)}
a.switch{display:inline-block;padding:.4rem 0}
label{display:block;margin:1rem 0 .3rem;font-weight:600}
input{width:100%;font:inherit;padding:.7rem .8rem;border:1px solid var(--line);border-radius:8px;background:transparent;color:inherit}
button,a.button{display:block;text-align:center;text-decoration:none;font:inherit;cursor:pointer;border-radius:8px;padding:.75rem 1rem;min-height:44px;width:100%;margin-top:1rem;border:1px solid var(--accent);background:var(--accent);color:#fff;font-weight:600}
@media (prefers-color-scheme:dark){button{color:#0b1020}}
button.secondary,a.button.secondary{background:transparent;color:var(--accent);border-color:var(--line);font-weight:500}
.actions button{margin-top:.75rem}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.error{color:var(--error);border-left:4px solid var(--error);padding:.4rem .75rem;margin:1rem 0}
ul.scopes{list-style:none;margin:1rem 0;padding:0;display:grid;gap:.6rem}
ul.scopes li{border:1px solid var(--line);border-radius:8px;padding:.6rem .8rem}
ul.scopes .title{display:block;font-weight:600}
ul.scopes .detail{display:block;color:var(--muted);font-size:.9rem}
ul.scopes .changes{display:inline-block;margin-top:.2rem;color:var(--warn);font-size:.85rem;font-weight:600}
ul.scopes code{font-size:.8rem;color:var(--muted)}
fieldset{border:1px solid var(--line);border-radius:8px;margin:1rem 0 0;padding:.5rem 1rem}
legend{font-weight:600;padding:0 .3rem}
label.choice{display:flex;gap:.6rem;align-items:center;font-weight:500;margin:.2rem 0;min-height:44px}
label.choice input{width:auto;margin:0}
footer{margin-top:1.25rem}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin"><meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(`${title} · ${PLATFORM_NAME}`)}</title><style>${STYLE}</style></head>
<body><main><div class="card">
<p class="tagline"><strong>${escapeHtml(PLATFORM_NAME)}</strong> · Authorize an app</p>
${body}
</div></main></body></html>`;
}

/** Where the app sends the browser once this is done. */
function destination(app: AppContext): string {
  return app.redirectHost
    ? `<p class="muted">${escapeHtml(app.appName)} will then take you back to <strong>${escapeHtml(app.redirectHost)}</strong>.</p>`
    : '';
}

function signedInAs(app: AppContext): string {
  if (!app.account) return '';
  return `<div class="account"><p>Signed in as <strong>${escapeHtml(app.account.email)}</strong></p>
<a class="switch" href="${escapeHtml(app.account.switchHref)}">Use another account</a></div>`;
}

function alert(message: string | undefined): string {
  return message ? `<p class="error" role="alert" id="problem">${escapeHtml(message)}</p>` : '';
}

export function loginPage(
  view: AppContext & {
    action: string;
    csrf: string;
    email?: string;
    error?: string;
    /** Signing in as someone else while `switching.email` is signed in; `cancelHref` goes back to consent. */
    switching?: { email: string; cancelHref: string };
  },
): string {
  const described = view.error ? ' aria-describedby="problem"' : '';
  const intro = view.switching
    ? `<p>You are signed in as <strong>${escapeHtml(view.switching.email)}</strong>. Sign in with another account to continue as someone else.</p>`
    : `<p>Sign in with your ${escapeHtml(PLATFORM_NAME)} account to continue to <strong>${escapeHtml(view.appName)}</strong>.</p>`;
  const cancel = view.switching
    ? `<a class="button secondary" href="${escapeHtml(view.switching.cancelHref)}">Keep using ${escapeHtml(view.switching.email)}</a>`
    : '';
  return layout(
    'Sign in',
    `<h1>Sign in to authorize ${escapeHtml(view.appName)}</h1>
${intro}
${alert(view.error)}
<form method="post" action="${escapeHtml(view.action)}" autocomplete="on">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="username" autocapitalize="none" spellcheck="false" value="${escapeHtml(view.email ?? '')}"${described}${view.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" required maxlength="256" autocomplete="current-password"${described}${view.email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
${cancel}
<footer>${destination(view)}</footer>`,
  );
}

export function teamPickerPage(
  view: AppContext & { action: string; teams: Array<{ id: string; name: string }>; error?: string },
): string {
  const options = view.teams
    .map(
      (team, index) =>
        `<label class="choice"><input type="radio" name="team" value="${escapeHtml(team.id)}"${index === 0 ? ' checked' : ''}>${escapeHtml(team.name)}</label>`,
    )
    .join('\n');
  return layout(
    'Choose a team',
    `<h1>Which team should ${escapeHtml(view.appName)} get access to?</h1>
${signedInAs(view)}
${alert(view.error)}
<form method="get" action="${escapeHtml(view.action)}">
<fieldset${view.error ? ' aria-describedby="problem"' : ''}><legend>Your teams</legend>
${options}
</fieldset>
<p class="muted">${escapeHtml(view.appName)} will only see the team you choose.</p>
<button type="submit">Continue</button>
</form>
<footer>${destination(view)}</footer>`,
  );
}

function scopeItem(scope: string): string {
  const text = SCOPES[scope];
  if (!text) return `<li><span class="title"><code>${escapeHtml(scope)}</code></span></li>`;
  return `<li><span class="title">${escapeHtml(text.title)}</span><span class="detail">${escapeHtml(text.detail)}</span>${
    text.changes ? '<span class="changes">Can change data</span> ' : ''
  }<code>${escapeHtml(scope)}</code></li>`;
}

export function consentPage(
  view: AppContext & { action: string; csrf: string; team: { id: string; name: string }; scopes: string[] },
): string {
  return layout(
    'Authorize app',
    `<h1>${escapeHtml(view.appName)} wants access to ${escapeHtml(view.team.name)}</h1>
${signedInAs(view)}
<h2 id="scopes-heading">If you allow it, ${escapeHtml(view.appName)} will be able to:</h2>
<ul class="scopes" aria-labelledby="scopes-heading">
${view.scopes.map(scopeItem).join('\n')}
</ul>
<p class="muted">Only allow apps you trust. You can disconnect ${escapeHtml(view.appName)} later, which ends its access.</p>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<input type="hidden" name="team" value="${escapeHtml(view.team.id)}">
<div class="actions">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</div>
</form>
<footer>${destination(view)}</footer>`,
  );
}

export function errorPage(error: string, description: string): string {
  return layout(
    'Authorization error',
    `<h1>This authorization request cannot continue</h1>
<p class="error" role="alert"><code>${escapeHtml(error)}</code>${description ? `: ${escapeHtml(description)}` : ''}</p>
<p>Go back to the app and start again.</p>`,
  );
}
