import { Body, Controller, Get, Inject, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { LINK_VISIBILITIES, SyncContracts, type LinkVisibility, type TeamRetailer } from '@cps/contracts';
import { retailerImages, retailerLinkUrl } from '@cps/domain';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { field, list, notice, type Form } from '../web/forms.js';
import { html } from '../web/html.js';
import { csrfField, page } from '../web/layout.js';
import { attempt } from '../web/refusals.js';

const VISIBILITY_TEXT: Record<LinkVisibility, string> = {
  everyone: 'Everyone: listed in the link flow for every shopper',
  restricted: 'Restricted: listed only for the emails and domains below',
  hidden: 'Hidden: not listed (its link_url still works)',
};

/** Retailers: enable/disable, link visibility and audience (sync-service's rules and errors), link_url, logos. */
@Controller('retailers')
@UseGuards(SignedIn)
export class RetailersController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  @Get()
  async list(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    res.type('html').send(await this.render(viewer, notice(query), null));
  }

  @Post(':id/enabled')
  async setEnabled(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('id') id: string,
    @Body() form: Form,
    @Res() res: Response,
  ) {
    const enabled = field(form, 'enabled') === 'true';
    await this.save(viewer, res, { teamId: viewer.teamId, retailerId: id, enabled });
  }

  @Post(':id/link-settings')
  async setLinkSettings(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('id') id: string,
    @Body() form: Form,
    @Res() res: Response,
  ) {
    const visibility = field(form, 'link_visibility') as LinkVisibility;
    await this.save(viewer, res, {
      teamId: viewer.teamId,
      retailerId: id,
      // An unknown value goes to sync-service as it is and is refused there with the API's message.
      link_visibility: visibility,
      link_audience: { allowed_emails: list(form, 'allowed_emails'), allowed_domains: list(form, 'allowed_domains') },
    });
  }

  private async save(
    viewer: SignedInViewer,
    res: Response,
    request: SyncContracts.UpdateRetailerRequest,
  ): Promise<void> {
    const result = await attempt(() => this.rpc.request(SyncContracts.updateRetailer, request));
    if (!result.ok) {
      res
        .status(422)
        .type('html')
        .send(await this.render(viewer, null, `${request.retailerId}: ${result.error}`));
      return;
    }
    res.redirect(303, `/retailers?notice=retailer_saved#retailer-${encodeURIComponent(request.retailerId)}`);
  }

  private async render(viewer: SignedInViewer, noticeText: string | null, error: string | null): Promise<string> {
    const { retailers } = await this.rpc.request(SyncContracts.listRetailers, {
      teamId: viewer.teamId,
      include: 'all',
    });
    return page(
      viewer,
      { title: 'Retailers', section: '/retailers', notice: noticeText, error },
      html`<p>
          Enable the retailers your shoppers may link. Each enabled retailer has a <code>link_url</code> that opens the
          hosted link flow for it.
        </p>
        ${retailers.map((retailer) => this.card(viewer, retailer))}`,
    );
  }

  private card(viewer: SignedInViewer, retailer: TeamRetailer) {
    const base = this.config.PUBLIC_BASE_URL;
    const images = retailerImages(base, retailer.retailer_id);
    const id = retailer.retailer_id;
    const linkUrl = retailer.enabled && retailer.link_id ? retailerLinkUrl(base, retailer.link_id) : null;
    const visibility = retailer.link_visibility ?? 'everyone';
    const audience = retailer.link_audience ?? { allowed_emails: [], allowed_domains: [] };
    return html`<section class="card" id="retailer-${id}" aria-labelledby="retailer-${id}-name">
      <div class="retailer">
        <img class="logo-light" src="${images.icon.light}" alt="" /><img
          class="logo-dark"
          src="${images.icon.dark}"
          alt=""
        />
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
}
