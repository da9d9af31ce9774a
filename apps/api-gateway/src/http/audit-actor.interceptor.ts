import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { type Observable } from 'rxjs';
import { requestAuditActor } from '@cps/messaging';
import { type RequestWithPrincipal } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';

const CHANGE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** How the team's audit log names the caller: its API key by name, or the authorized app by client id. */
export function auditActorOf(principal: Principal): string {
  return principal.kind === 'oauth' ? `App ${principal.clientId}` : `API key ${principal.keyName}`;
}

/**
 * Every change asked through the REST API carries who asked to the service that makes it (`requestAuditActor`,
 * AUDIT_ACTOR_HEADER on the requests of AUDITED_CHANGES): the service records it for the team's audit log in the
 * transaction of the change, and the dashboard shows it next to the changes people made there.
 */
@Injectable()
export class AuditActorInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<RequestWithPrincipal>();
    if (!request.principal || !CHANGE_METHODS.has(request.method)) return next.handle();
    return requestAuditActor.run(auditActorOf(request.principal), () => next.handle());
  }
}
