import { html, type Html } from './html.js';

export interface Viewer {
  email: string;
  csrf: string;
  team: { team_id: string; name: string; role?: string };
  teams: Array<{ team_id: string; name: string; role?: string }>;
  /** Simulated data only (test mode) instead of real data only. */
  testMode?: boolean;
}

export const NAV = [
  { href: '/', label: 'Overview' },
  { href: '/connections', label: 'Connections' },
  { href: '/retailers', label: 'Retailers' },
  { href: '/catalog', label: 'Catalog' },
  { href: '/integrations', label: 'Integrations' },
  { href: '/developers', label: 'Developers' },
  { href: '/apps', label: 'Partner apps' },
  { href: '/connectors', label: 'MCP connectors' },
  { href: '/shops', label: 'Storefront shops' },
  { href: '/simulator', label: 'Simulator' },
  { href: '/team', label: 'Team' },
  { href: '/audit', label: 'Audit log' },
  { href: '/account', label: 'Account' },
] as const;

export type Section = (typeof NAV)[number]['href'];

export interface PageOptions {
  title: string;
  section?: Section;
  notice?: string | null;
  error?: string | null;
}

function document(title: string, body: Html): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title} · Connected Purchases</title>
        <link rel="icon" href="/assets/icon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/dashboard.css" />
        <script src="/assets/dashboard.js" defer></script>
      </head>
      <body>
        ${body}
      </body>
    </html>`.value;
}

export function csrfField(viewer: { csrf: string }): Html {
  return html`<input type="hidden" name="csrf" value="${viewer.csrf}" />`;
}

/** A message shown at the top of a page: a notice after a change, an error from a refused one. */
function messages(options: PageOptions): Html {
  return html`${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : ''}${
    options.error ? html`<p class="error" role="alert">${options.error}</p>` : ''
  }`;
}

function navItems(section: Section | undefined): Html[] {
  return NAV.map(
    (item) =>
      html`<li>
        <a href="${item.href}" ${item.href === section ? html` aria-current="page"` : ''}>${item.label}</a>
      </li>`,
  );
}

/**
 * A signed-in page: the team switcher, the navigation (a strip on a wide screen; on a phone a "Menu" that names
 * the current page and opens the whole list), the page's content.
 */
export function page(viewer: Viewer, options: PageOptions, content: Html): string {
  const switcher =
    viewer.teams.length > 1
      ? html`<form class="inline" method="post" action="/team">
          ${csrfField(viewer)}
          <label for="team-switch" class="check">Team</label>
          <select id="team-switch" name="team_id" data-autosubmit>
            ${viewer.teams.map(
              (team) =>
                html`<option value="${team.team_id}" ${team.team_id === viewer.team.team_id ? html` selected` : ''}>
                  ${team.name}
                </option>`,
            )}
          </select>
          <button type="submit" class="secondary no-script-only">Switch</button>
        </form>`
      : html`<span class="team-name">${viewer.team.name}</span>`;
  const current = NAV.find((item) => item.href === options.section)?.label;
  return document(
    options.title,
    html`<a class="skip" href="#content">Skip to content</a>
      <header class="top">
        <span class="product">Connected Purchases</span>${switcher}
        <a class="user" href="/account"
          >${viewer.email}${viewer.team.role ? html` <span class="muted">(${viewer.team.role})</span>` : ''}</a
        >
        <form class="inline" method="post" action="/mode">
          ${csrfField(viewer)}<input type="hidden" name="test" value="${viewer.testMode ? '0' : '1'}" />
          <button type="submit" class="secondary mode" aria-pressed="${viewer.testMode ? 'true' : 'false'}">
            Test mode
          </button>
        </form>
        <form class="inline" method="post" action="/sign-out">
          ${csrfField(viewer)}<button type="submit" class="secondary">Sign out</button>
        </form>
      </header>
      <nav class="main" aria-label="Main">
        <ul class="strip">
          ${navItems(options.section)}
        </ul>
        <details class="menu">
          <summary>Menu${current ? html` <span class="muted">· ${current}</span>` : ''}</summary>
          <ul>
            ${navItems(options.section)}
          </ul>
        </details>
      </nav>
      ${
        viewer.testMode
          ? html`<p class="test-banner">Test mode: you see simulated data only. Real data is in live mode.</p>`
          : ''
      }
      <main id="content">
        <h1>${options.title}</h1>
        ${messages(options)}${content}
      </main>`,
  );
}

/** A page without the signed-in frame (sign-in, errors before a session exists). */
export function plainPage(options: PageOptions, content: Html): string {
  return document(
    options.title,
    html`<main id="content" class="narrow">
      <div class="card">
        <h1>${options.title}</h1>
        ${messages(options)}${content}
      </div>
    </main>`,
  );
}

/**
 * A one-button POST form (with the CSRF token): revoke, disconnect, rotate... `confirm` asks first (script);
 * `fields` go as hidden inputs (ids that do not fit in a path, such as a URL).
 */
export function buttonForm(
  viewer: { csrf: string },
  action: string,
  button: {
    label: string;
    ariaLabel?: string;
    kind?: 'secondary' | 'danger';
    confirm?: string;
    fields?: Record<string, string>;
  },
): Html {
  const hidden = Object.entries(button.fields ?? {}).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  );
  return html`<form method="post" action="${action}" ${button.confirm ? html`data-confirm="${button.confirm}"` : ''}>
    ${csrfField(viewer)}${hidden}<button
      type="submit"
      class="${button.kind ?? ''}"
      ${button.ariaLabel ? html`aria-label="${button.ariaLabel}"` : ''}
    >
      ${button.label}
    </button>
  </form>`;
}

/** What a page says after a change: a notice (done) or an error (refused). */
export type PageMessages = Pick<PageOptions, 'notice' | 'error'>;

/** The danger button that disconnects one thing (`name`) from the team, after `confirm`. */
export function disconnectButton(
  viewer: { csrf: string },
  action: string,
  name: string,
  confirm: string,
  fields?: Record<string, string>,
): Html {
  return buttonForm(viewer, action, {
    label: 'Disconnect',
    ariaLabel: `Disconnect ${name}`,
    kind: 'danger',
    confirm,
    fields,
  });
}

/**
 * A select of a filter form: "any" (the empty value) first, then the options as `[value, label]`, the one the page
 * shows now selected.
 */
export function filterSelect(
  name: string,
  label: string,
  any: string,
  options: ReadonlyArray<readonly [string, string]>,
  selected: string | undefined,
): Html {
  return html`<div>
    <label for="${name}">${label}</label
    ><select id="${name}" name="${name}">
      <option value="">${any}</option>
      ${options.map(
        ([value, text]) => html`<option value="${value}" ${value === selected ? html` selected` : ''}>${text}</option>`,
      )}
    </select>
  </div>`;
}

/** A fieldset of checkboxes of one name (one per option), the `selected` ones ticked. */
export function checkboxes(
  legend: string,
  name: string,
  options: readonly string[],
  selected: readonly string[],
  className = '',
): Html {
  return html`<fieldset ${className ? html`class="${className}"` : ''}>
    <legend>${legend}</legend>
    ${options.map(
      (option) =>
        html`<label class="check"
          ><input type="checkbox" name="${name}" value="${option}" ${selected.includes(option) ? html`checked` : ''} />
          ${option}</label
        >`,
    )}
  </fieldset>`;
}

/** The buttons of a filter form: apply, clear (back to `clearHref`) and the CSV export of what it shows. */
export function filterButtons(submit: string, clearHref: string, exportHref: string): Html {
  return html`<div>
    <button type="submit">${submit}</button> <a class="button secondary" href="${clearHref}">Clear</a>
    <a class="button secondary" href="${exportHref}">Export CSV</a>
  </div>`;
}
