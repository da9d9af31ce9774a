/** Server-rendered pages of the authorization flow: no scripts, inline styles only, every value escaped. */

const SCOPE_TEXT: Record<string, string> = {
  'connections:read': 'See your shoppers’ connections (status, retailer, contact fields)',
  'retailers:read': 'See which retailers are enabled for your brand',
  'purchases:brand_products': 'See purchased items matched to your brand’s products',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.3rem}label{display:block;margin:.8rem 0 .2rem}input[type=email],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;padding:.5rem 1.2rem;margin-right:.5rem}.error{color:#a00000}ul{padding-left:1.2rem}li{margin:.3rem 0}
fieldset{border:1px solid #ccc;padding:.5rem 1rem}</style></head>
<body><main>${body}</main></body></html>`;
}

export function loginPage(view: {
  action: string;
  csrf: string;
  appName: string;
  email?: string;
  error?: string;
}): string {
  return layout(
    'Sign in',
    `<h1>Sign in to authorize ${escapeHtml(view.appName)}</h1>
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="${escapeHtml(view.action)}" autocomplete="on">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<label for="email">Email</label><input id="email" name="email" type="email" required value="${escapeHtml(view.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function teamPickerPage(view: {
  action: string;
  appName: string;
  teams: Array<{ id: string; name: string }>;
  error?: string;
}): string {
  const options = view.teams
    .map(
      (team, index) =>
        `<label><input type="radio" name="team" value="${escapeHtml(team.id)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(team.name)}</label>`,
    )
    .join('\n');
  return layout(
    'Choose a team',
    `<h1>Which team should ${escapeHtml(view.appName)} get access to?</h1>
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<form method="get" action="${escapeHtml(view.action)}">
<fieldset><legend>Your teams</legend>
${options}
</fieldset>
<button type="submit">Continue</button>
</form>`,
  );
}

export function consentPage(view: {
  action: string;
  csrf: string;
  appName: string;
  team: { id: string; name: string };
  scopes: string[];
}): string {
  const scopes = view.scopes
    .map((scope) => `<li><code>${escapeHtml(scope)}</code>: ${escapeHtml(SCOPE_TEXT[scope] ?? scope)}</li>`)
    .join('\n');
  return layout(
    'Authorize app',
    `<h1>${escapeHtml(view.appName)} wants access to ${escapeHtml(view.team.name)}</h1>
<p>If you allow it, <strong>${escapeHtml(view.appName)}</strong> will be able to:</p>
<ul>
${scopes}
</ul>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<input type="hidden" name="team" value="${escapeHtml(view.team.id)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
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
