import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { type Observable } from 'rxjs';
import { type SignedInViewer } from '../session/viewer.js';
import { AuditLog, type AuditArea } from './audit-log.js';

type Described = {
  area: AuditArea;
  action: string;
  target?: (params: Record<string, string>, form: Record<string, unknown>) => string;
};

const text = (form: Record<string, unknown>, name: string) => (typeof form[name] === 'string' ? form[name].trim() : '');

type Target = NonNullable<Described['target']>;

/** Made to the route's `name` parameter. */
const param =
  (name: string): Target =>
  (params) =>
    params[name]!;
/** Made to what the form's `name` field says. */
const field =
  (name: string): Target =>
  (_params, form) =>
    text(form, name);
const change = (area: AuditArea, action: string, target?: Target): Described => ({
  area,
  action,
  ...(target ? { target } : {}),
});

/** What each change (a POST route) is called in the audit log, and what it was made to. */
const CHANGES: Record<string, Described> = {
  '/catalog/upload': change('catalog', 'Catalog uploaded'),
  '/developers/api-keys': change('api_key', 'API key created', field('name')),
  '/developers/api-keys/:id/roll': change('api_key', 'API key rolled', param('id')),
  '/developers/api-keys/:id/revoke': change('api_key', 'API key revoked', param('id')),
  '/developers/webhooks': change('webhook', 'Webhook created', field('url')),
  '/developers/webhooks/:id': change('webhook', 'Webhook edited', param('id')),
  '/developers/webhooks/:id/test': change('webhook', 'Test event sent', param('id')),
  '/developers/webhooks/:id/deliveries/:deliveryId/retry': change(
    'webhook',
    'Delivery sent again',
    param('deliveryId'),
  ),
  '/developers/webhooks/:id/rotate-secret': change('webhook', 'Signing secret rotated', param('id')),
  '/developers/webhooks/:id/retry-failed': change('webhook', 'Failed deliveries replayed', param('id')),
  '/developers/webhooks/:id/delete': change('webhook', 'Webhook deleted', param('id')),
  '/team/invitations': change('people', 'Member invited', (_p, f) => `${text(f, 'email')} (${text(f, 'role')})`),
  '/team/members/:userId/role': change('people', 'Role changed', (p, f) => `${p.userId} → ${text(f, 'role')}`),
  '/team/members/:userId/remove': change('people', 'Member removed', param('userId')),
  '/team/branding': change('brand', 'Branding saved', field('display_name')),
  '/team/sharing': change('brand', 'Sharing settings saved'),
  '/simulator/connections': change('simulator', 'Simulated connection created', field('customer_id')),
  '/simulator/connections/:id/purchases': change('simulator', 'Simulated purchase added', param('id')),
  '/simulator/connections/:id/status': change(
    'simulator',
    'Simulated status changed',
    (p, f) => `${p.id} → ${text(f, 'status')}`,
  ),
  '/simulator/connections/:id/delete': change('simulator', 'Simulated connection deleted', param('id')),
  '/connections/:id/disconnect': change('connection', 'Connection disconnected', param('id')),
  '/retailers/:id/enabled': change('retailer', 'Retailer enabled or disabled', param('id')),
  '/retailers/:id/link-settings': change('retailer', 'Link settings saved', param('id')),
  '/integrations': change('integration', 'Integration created', field('name')),
  '/integrations/:id': change('integration', 'Integration edited', param('id')),
  '/integrations/:id/delete': change('integration', 'Integration deleted', param('id')),
  '/shops/disconnect': change('shop', 'Shop disconnected', field('shop')),
  '/connectors/disconnect': change('connector', 'Connector disconnected', field('client_id')),
  '/apps': change('partner_app', 'Partner app created', field('name')),
  '/apps/:clientId/rotate-secret': change('partner_app', 'Partner app secret rotated', param('clientId')),
  '/apps/:clientId/redirect-uris': change('partner_app', 'Redirect URIs saved', param('clientId')),
  '/apps/installations/:clientId/disconnect': change('partner_app', 'Installed app disconnected', param('clientId')),
};

/** Not changes to the team: no entry. */
const NOT_CHANGES = new Set(['/sign-in', '/sign-out', '/team', '/mode', '/account/password', '/invitations/:token']);

/**
 * Records every change a signed-in person makes (a POST the dashboard carried out: answered below 400), with who,
 * what and to what; a refused form records nothing. Recording happens after the answer is sent, and a failure to
 * record is logged, never shown to the person.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('AuditLog');

  constructor(private readonly audit: AuditLog) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { viewer?: SignedInViewer }>();
    const res = context.switchToHttp().getResponse<Response>();
    if (req.method === 'POST') {
      res.on('finish', () => {
        const route = (req.route as { path?: string } | undefined)?.path;
        const viewer = req.viewer;
        if (!viewer || !route || NOT_CHANGES.has(route) || res.statusCode >= 400) return;
        const described = CHANGES[route] ?? { area: 'other' as const, action: `Changed ${route}` };
        const params = req.params as Record<string, string>;
        const form = (req.body ?? {}) as Record<string, unknown>;
        this.audit
          .record(viewer.teamId, {
            actor_email: viewer.email,
            area: described.area,
            action: described.action,
            target: described.target?.(params, form) ?? '',
          })
          .catch((error: Error) => this.logger.error(`audit entry not recorded for ${route}: ${error.message}`));
      });
    }
    return next.handle();
  }
}
