import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { type Request } from 'express';
import { constantTimeEqual, sha256 } from '@cps/persistence';
import { SANDBOX_CONFIG } from '../common/sandbox-config.js';
import { SandboxError } from '../common/sandbox-error.js';
import { type SandboxConfig } from '../config.js';
import { bearerToken } from '../retailer-api/retailer-api.dto.js';

/** The admin API answers only to `Authorization: Bearer <SANDBOX_ADMIN_TOKEN>`. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expectedHash: string;

  constructor(@Inject(SANDBOX_CONFIG) config: Pick<SandboxConfig, 'SANDBOX_ADMIN_TOKEN'>) {
    this.expectedHash = sha256(config.SANDBOX_ADMIN_TOKEN);
  }

  canActivate(context: ExecutionContext): boolean {
    const token = bearerToken(context.switchToHttp().getRequest<Request>().headers.authorization);
    // Comparing hashes keeps the comparison constant-time whatever the length of what was sent.
    if (token && constantTimeEqual(sha256(token), this.expectedHash)) return true;
    throw new SandboxError(401, 'unauthorized', 'the admin API needs Authorization: Bearer <SANDBOX_ADMIN_TOKEN>', {
      'WWW-Authenticate': 'Bearer',
    });
  }
}
