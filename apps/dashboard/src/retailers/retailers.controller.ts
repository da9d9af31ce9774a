import { Post, Res } from '@nestjs/common';
import { SyncContracts, type LinkVisibility } from '@cps/contracts';
import { type Response } from 'express';
import { type SignedInViewer } from '../session/viewer.js';
import { DashboardPage, entries, Posted } from '../web/form-input.js';
import { TeamPage } from '../web/team-page.js';
import { EnabledForm, LinkSettingsForm } from './dto/retailer.dto.js';
import { retailersPage } from './retailers.view.js';
import { ShowRetailers } from './show-retailers.use-case.js';

/** Retailers: enable/disable, link visibility and audience (sync-service's rules and errors), link_url, logos. */
@DashboardPage('retailers')
export class RetailersController extends TeamPage(ShowRetailers, retailersPage) {
  @Post(':id/enabled')
  async setEnabled(@Posted({ form: EnabledForm }) { viewer, id, form }: Posted<EnabledForm>, @Res() res: Response) {
    await this.save(viewer, res, { teamId: viewer.teamId, retailerId: id, enabled: form.enabled === 'true' });
  }

  @Post(':id/link-settings')
  async setLinkSettings(
    @Posted({ form: LinkSettingsForm }) { viewer, id, form }: Posted<LinkSettingsForm>,
    @Res() res: Response,
  ) {
    await this.save(viewer, res, {
      teamId: viewer.teamId,
      retailerId: id,
      // An unknown value goes to sync-service as it is and is refused there with the API's message.
      link_visibility: form.link_visibility as LinkVisibility,
      link_audience: { allowed_emails: entries(form.allowed_emails), allowed_domains: entries(form.allowed_domains) },
    });
  }

  private save(viewer: SignedInViewer, res: Response, request: SyncContracts.UpdateRetailerRequest): Promise<void> {
    const done = `/retailers?notice=retailer_saved#retailer-${encodeURIComponent(request.retailerId)}`;
    return this.change(viewer, res, { done, refusal: request.retailerId }, () =>
      this.rpc.request(SyncContracts.updateRetailer, request),
    );
  }
}
