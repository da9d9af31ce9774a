import { LINK_VISIBILITIES, type LinkVisibility } from '@cps/contracts';
import { html } from '../web/html.js';
import { csrfField, page, type PageMessages, type Viewer } from '../web/layout.js';
import { type RetailerCard } from './show-retailers.use-case.js';

const VISIBILITY_TEXT: Record<LinkVisibility, string> = {
  everyone: 'Everyone: listed in the link flow for every shopper',
  restricted: 'Restricted: listed only for the emails and domains below',
  hidden: 'Hidden: not listed (its link_url still works)',
};

function card(viewer: Viewer, { retailer, icon, linkUrl, visibility, audience }: RetailerCard) {
  const id = retailer.retailer_id;
  return html`<section class="card" id="retailer-${id}" aria-labelledby="retailer-${id}-name">
    <div class="retailer">
      <img class="logo-light" src="${icon.light}" alt="" /><img class="logo-dark" src="${icon.dark}" alt="" />
      <h2 id="retailer-${id}-name">${retailer.name}</h2>
    </div>
    <p>
      Platform status: ${retailer.status}.
      ${retailer.enabled ? html`<strong>Enabled</strong> for your brand.` : 'Not enabled.'}
    </p>
    <form method="post" action="/retailers/${id}/enabled">
      ${csrfField(viewer)}
      <input type="hidden" name="enabled" value="${retailer.enabled ? 'false' : 'true'}" />
      <button type="submit" class="${retailer.enabled ? 'danger' : ''}">
        ${retailer.enabled ? 'Disable' : 'Enable'} ${retailer.name}
      </button>
    </form>
    ${
      linkUrl
        ? html`<p>
              Link URL: <a id="link-url-${id}" class="mono" href="${linkUrl}">${linkUrl}</a>
              <button
                type="button"
                class="secondary"
                data-copy="link-url-${id}"
                aria-label="Copy the link URL of ${retailer.name}"
              >
                Copy
              </button>
            </p>
            <form method="post" action="/retailers/${id}/link-settings">
              ${csrfField(viewer)}
              <label for="visibility-${id}">Visibility in the link flow</label>
              <select id="visibility-${id}" name="link_visibility">
                ${LINK_VISIBILITIES.map(
                  (option) =>
                    html`<option value="${option}" ${option === visibility ? html` selected` : ''}>
                      ${VISIBILITY_TEXT[option]}
                    </option>`,
                )}
              </select>
              <label for="emails-${id}">Allowed emails (restricted; one a line)</label>
              <textarea id="emails-${id}" name="allowed_emails" rows="2">
${audience.allowed_emails.join('\n')}</textarea>
              <label for="domains-${id}">Allowed email domains (restricted; one a line)</label>
              <textarea id="domains-${id}" name="allowed_domains" rows="2">
${audience.allowed_domains.join('\n')}</textarea>
              <div class="actions"><button type="submit">Save link settings</button></div>
            </form>`
        : ''
    }
  </section>`;
}

export function retailersPage(viewer: Viewer, retailers: RetailerCard[], messages: PageMessages): string {
  return page(
    viewer,
    { title: 'Retailers', section: '/retailers', ...messages },
    html`<p>
        Enable the retailers your shoppers may link. Each enabled retailer has a <code>link_url</code> that opens the
        hosted link flow for it.
      </p>
      ${retailers.map((retailer) => card(viewer, retailer))}`,
  );
}
