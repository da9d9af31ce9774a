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

/** What each change (a POST route) is called in the audit log, and what it was made to. */
const CHANGES: Record<string, Described> = {
  '/catalog/upload': { area: 'catalog', action: 'Catalog uploaded' },
  '/developers/api-keys': { area: 'api_key', action: 'API key created', target: (_p, f) => text(f, 'name') },
  '/developers/api-keys/:id/roll': { area: 'api_key', action: 'API key rolled', target: (p) => p.id! },
  '/developers/api-keys/:id/revoke': { area: 'api_key', action: 'API key revoked', target: (p) => p.id! },
  '/developers/webhooks': { area: 'webhook', action: 'Webhook created', target: (_p, f) => text(f, 'url') },
  '/developers/webhooks/:id': { area: 'webhook', action: 'Webhook edited', target: (p) => p.id! },
  '/developers/webhooks/:id/test': { area: 'webhook', action: 'Test event sent', target: (p) => p.id! },
  '/developers/webhooks/:id/deliveries/:deliveryId/retry': {
    area: 'webhook',
    action: 'Delivery sent again',
    target: (p) => p.deliveryId!,
  },
  '/developers/webhooks/:id/rotate-secret': { area: 'webhook', action: 'Signing secret rotated', target: (p) => p.id! },
  '/developers/webhooks/:id/retry-failed': {
    area: 'webhook',
    action: 'Failed deliveries replayed',
    target: (p) => p.id!,
  },
  '/developers/webhooks/:id/delete': { area: 'webhook', action: 'Webhook deleted', target: (p) => p.id! },
  '/team/invitations': {
    area: 'people',
    action: 'Member invited',
    target: (_p, f) => `${text(f, 'email')} (${text(f, 'role')})`,
  },
  '/team/members/:userId/role': {
    area: 'people',
    action: 'Role changed',
    target: (p, f) => `${p.userId} → ${text(f, 'role')}`,
  },
  '/team/members/:userId/remove': { area: 'people', action: 'Member removed', target: (p) => p.userId! },
  '/team/branding': { area: 'brand', action: 'Branding saved', target: (_p, f) => text(f, 'display_name') },
  '/team/sharing': { area: 'brand', action: 'Sharing settings saved' },
  '/simulator/connections': {
    area: 'simulator',
    action: 'Simulated connection created',
    target: (_p, f) => text(f, 'customer_id'),
  },
  '/simulator/connections/:id/purchases': {
    area: 'simulator',
    action: 'Simulated purchase added',
    target: (p) => p.id!,
  },
  '/simulator/connections/:id/status': {
    area: 'simulator',
    action: 'Simulated status changed',
    target: (p, f) => `${p.id} → ${text(f, 'status')}`,
  },
  '/simulator/connections/:id/delete': {
    area: 'simulator',
    action: 'Simulated connection deleted',
    target: (p) => p.id!,
  },
  '/connections/:id/disconnect': { area: 'connection', action: 'Connection disconnected', target: (p) => p.id! },
  '/retailers/:id/enabled': { area: 'retailer', action: 'Retailer enabled or disabled', target: (p) => p.id! },
  '/retailers/:id/link-settings': { area: 'retailer', action: 'Link settings saved', target: (p) => p.id! },
  '/integrations': { area: 'integration', action: 'Integration created', target: (_p, f) => text(f, 'name') },
  '/integrations/:id': { area: 'integration', action: 'Integration edited', target: (p) => p.id! },
  '/integrations/:id/delete': { area: 'integration', action: 'Integration deleted', target: (p) => p.id! },
  '/shops/disconnect': { area: 'shop', action: 'Shop disconnected', target: (_p, f) => text(f, 'shop') },
  '/connectors/disconnect': {
    area: 'connector',
    action: 'Connector disconnected',
    target: (_p, f) => text(f, 'client_id'),
  },
  '/apps': { area: 'partner_app', action: 'Partner app created', target: (_p, f) => text(f, 'name') },
  '/apps/:clientId/rotate-secret': {
    area: 'partner_app',
    action: 'Partner app secret rotated',
    target: (p) => p.clientId!,
  },
  '/apps/:clientId/redirect-uris': { area: 'partner_app', action: 'Redirect URIs saved', target: (p) => p.clientId! },
  '/apps/installations/:clientId/disconnect': {
    area: 'partner_app',
    action: 'Installed app disconnected',
    target: (p) => p.clientId!,
  },
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
