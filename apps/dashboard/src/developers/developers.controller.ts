import { Get, Post, Req, Res } from '@nestjs/common';
import { AuthContracts, EventsContracts } from '@cps/contracts';
import { type Request, type Response } from 'express';
import { CurrentViewer, type SignedInViewer } from '../session/viewer.js';
import { setFlash, takeFlash, type Flash } from '../web/flash.js';
import { DashboardPage, FormQuery, IdPath, PathOf, ShowPage, Posted } from '../web/form-input.js';
import { attempt } from '../web/refusals.js';
import { TeamPage } from '../web/team-page.js';
import { deliveryPage, developersPage, webhookPage } from './developers.view.js';
import { ApiKeyForm, DeliveryPath, OverlapForm, WebhookForm, WebhookPageQuery } from './dto/developers.dto.js';
import { RotateWebhookSecret } from './rotate-webhook-secret.use-case.js';
import { SendTestEvent } from './send-test-event.use-case.js';
import { ShowDevelopers } from './show-developers.use-case.js';
import { ShowWebhook } from './show-webhook.use-case.js';

const WEBHOOK_ERRORS: Record<string, string> = {
  retry: 'The delivery could not be sent again: it is still pending or the webhook is not active.',
  edit: 'The webhook was not saved: give an https URL and at least one event type.',
};

/** How long a rolled key keeps working next to its replacement. */
const ROLL_OVERLAP_HOURS = 24;

const webhookAddress = (id: string, query: string) => `/developers/webhooks/${encodeURIComponent(id)}${query}`;

/** Developers: API keys, webhook destinations and their deliveries, a test event, the API reference. */
@DashboardPage('developers')
export class DevelopersController extends TeamPage(ShowDevelopers, developersPage, (flash) => flash) {
  constructor(
    private readonly webhooks: ShowWebhook,
    private readonly testEvents: SendTestEvent,
    private readonly secrets: RotateWebhookSecret,
  ) {
    super();
  }

  /** The address of the create forms, opened again by GET (a bookmark, a refresh after the redirect). */
  @Get(['api-keys', 'webhooks'])
  formAddress(@Res() res: Response) {
    res.redirect(303, '/developers');
  }

  /** The new key's secret goes to the next page only (`web/flash.ts`): never stored here, never in a URL. */
  @Post('api-keys')
  async createKey(@Posted({ form: ApiKeyForm }) { viewer, form }: Posted<ApiKeyForm>, @Res() res: Response) {
    await this.createShownOnce(
      viewer,
      res,
      'API key not created',
      () =>
        this.rpc.request(AuthContracts.createApiKey, {
          teamId: viewer.teamId,
          name: form.name,
          actorUserId: viewer.session.userId,
          ...(form.expires_in_days ? { expiresInDays: Number(form.expires_in_days) } : {}),
        }),
      (key) => ({ kind: 'api_key', text: key.api_key, id: key.key_id }),
    );
  }

  /** A new key of the same name, shown once; the old one keeps working for 24 hours (auth-server's roll). */
  @Post('api-keys/:id/roll')
  async rollKey(@Posted() { viewer, id }: Posted, @Res() res: Response) {
    const rolled = await this.rpc.request(AuthContracts.rollApiKey, {
      teamId: viewer.teamId,
      keyId: id,
      overlapHours: ROLL_OVERLAP_HOURS,
      actorUserId: viewer.session.userId,
    });
    setFlash(res, this.config, { kind: 'api_key', text: rolled.api_key, id: rolled.key_id });
    res.redirect(303, '/developers?notice=key_rolled');
  }

  @Post('api-keys/:id/revoke')
  async revokeKey(@Posted() { viewer, id }: Posted, @Res() res: Response) {
    await this.rpc.request(AuthContracts.revokeApiKey, {
      teamId: viewer.teamId,
      keyId: id,
      actorUserId: viewer.session.userId,
    });
    res.redirect(303, '/developers?notice=revoked');
  }

  /** The signing secret is shown once, like the API's `POST /webhooks`. */
  @Post('webhooks')
  async createWebhook(@Posted({ form: WebhookForm }) { viewer, form }: Posted<WebhookForm>, @Res() res: Response) {
    await this.createShownOnce(
      viewer,
      res,
      'Webhook not created',
      () =>
        this.rpc.request(EventsContracts.createWebhook, {
          teamId: viewer.teamId,
          ...(form.name ? { name: form.name } : {}),
          url: form.url,
          event_types: form.event_types,
          is_active: true,
          receive_simulated_events: form.receive_simulated_events,
        }),
      (webhook) => ({ kind: 'webhook', text: webhook.secret, id: webhook.webhook_id }),
    );
  }

  /** A signed example event straight to the endpoint; what it answered is shown once on the next page. */
  @Post('webhooks/:id/test')
  async testEvent(@Posted() { viewer, id }: Posted, @Res() res: Response) {
    const text = await this.testEvents.execute(viewer.teamId, id);
    setFlash(res, this.config, { kind: 'test_event', text, id });
    res.redirect(303, webhookAddress(id, ''));
  }

  @ShowPage('webhooks/:id')
  async webhook(
    @CurrentViewer() viewer: SignedInViewer,
    @PathOf(IdPath) { id }: IdPath,
    @FormQuery(WebhookPageQuery) query: WebhookPageQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const flash = takeFlash(req, res, this.config);
    const mine = flash?.id === id ? flash : null;
    const view = await this.webhooks.execute(viewer.teamId, id);
    const notice =
      mine?.kind === 'test_event'
        ? mine.text
        : query.notice === 'replayed' && /^\d+$/.test(query.count)
          ? `${query.count} failed deliveries are being sent again.`
          : query.text;
    const error = WEBHOOK_ERRORS[query.error] ?? null;
    return webhookPage(viewer, view, { notice, error }, mine?.kind === 'webhook_secret' ? mine.text : null);
  }

  @ShowPage('webhooks/:id/deliveries/:deliveryId')
  async delivery(@CurrentViewer() viewer: SignedInViewer, @PathOf(DeliveryPath) { id, deliveryId }: DeliveryPath) {
    const delivery = await this.rpc.request(EventsContracts.getDelivery, {
      teamId: viewer.teamId,
      webhookId: id,
      deliveryId,
    });
    return deliveryPage(viewer, id, delivery);
  }

  @Post('webhooks/:id')
  async editWebhook(@Posted({ form: WebhookForm }) { viewer, id, form }: Posted<WebhookForm>, @Res() res: Response) {
    const result = await attempt(() =>
      this.rpc.request(EventsContracts.updateWebhook, {
        teamId: viewer.teamId,
        webhookId: id,
        name: form.name,
        url: form.url,
        event_types: form.event_types,
        is_active: form.is_active,
        receive_simulated_events: form.receive_simulated_events,
      }),
    );
    res.redirect(303, webhookAddress(id, result.ok ? '?notice=webhook_saved' : '?error=edit'));
  }

  @Post('webhooks/:id/rotate-secret')
  async rotateSecret(@Posted({ form: OverlapForm }) { viewer, id, form }: Posted<OverlapForm>, @Res() res: Response) {
    const { secret, overlap } = await this.secrets.execute(viewer.teamId, id, form.overlap_hours);
    setFlash(res, this.config, { kind: 'webhook_secret', text: `${secret} ${overlap}`, id });
    res.redirect(303, webhookAddress(id, ''));
  }

  @Post('webhooks/:id/retry-failed')
  async retryFailed(@Posted() { viewer, id }: Posted, @Res() res: Response) {
    const result = await attempt(() =>
      this.rpc.request(EventsContracts.retryFailedDeliveries, { teamId: viewer.teamId, webhookId: id }),
    );
    res.redirect(
      303,
      webhookAddress(id, result.ok ? `?notice=replayed&count=${result.value.requeued}` : '?error=retry'),
    );
  }

  @Post('webhooks/:id/deliveries/:deliveryId/retry')
  async retry(
    @Posted({ path: DeliveryPath }) { viewer, id, deliveryId }: Posted<object, DeliveryPath>,
    @Res() res: Response,
  ) {
    const result = await attempt(() =>
      this.rpc.request(EventsContracts.retryDelivery, { teamId: viewer.teamId, webhookId: id, deliveryId }),
    );
    res.redirect(303, webhookAddress(id, result.ok ? '?notice=retried' : '?error=retry'));
  }

  @Post('webhooks/:id/delete')
  async deleteWebhook(@Posted() { viewer, id }: Posted, @Res() res: Response) {
    await this.rpc.request(EventsContracts.deleteWebhook, { teamId: viewer.teamId, webhookId: id });
    res.redirect(303, '/developers?notice=webhook_deleted');
  }

  /**
   * Creates something whose secret the next page shows once (`flash`, through `web/flash.ts`); refused, the
   * Developers page again with why (422).
   */
  private async createShownOnce<T>(
    viewer: SignedInViewer,
    res: Response,
    refusal: string,
    create: () => Promise<T>,
    flash: (created: T) => Flash,
  ): Promise<void> {
    const created = await this.refusing(viewer, res, refusal, create);
    if (!created) return;
    setFlash(res, this.config, flash(created.value));
    res.redirect(303, '/developers');
  }
}
