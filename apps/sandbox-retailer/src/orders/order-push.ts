import { Inject, Injectable, Logger } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { ulid } from '@cps/contracts';
import { retailerAccountRef } from '@cps/domain';
import { type SandboxConfig } from '../config.js';
import { SANDBOX_CONFIG } from '../common/sandbox-config.js';

const PUSH_TIMEOUT_MS = 2_000;

/**
 * Tells the platform an account has new orders (SANDBOX_PUSH_URL), as a retailer that can push would: one signed
 * POST per change, best effort. A push that fails changes nothing here: the platform's regular poll still finds the
 * orders.
 */
@Injectable()
export class OrderPush {
  private readonly logger = new Logger('OrderPush');
  private readonly webhook: Webhook;

  constructor(
    @Inject(SANDBOX_CONFIG) private readonly config: Pick<SandboxConfig, 'SANDBOX_PUSH_URL' | 'SANDBOX_PUSH_SECRET'>,
  ) {
    this.webhook = new Webhook(config.SANDBOX_PUSH_SECRET);
  }

  /** Sends the push in the background; resolves when it was answered or gave up (for tests). */
  notify(retailerId: string, email: string): Promise<void> {
    const base = this.config.SANDBOX_PUSH_URL;
    if (!base) return Promise.resolve();
    const body = JSON.stringify({ account_ref: retailerAccountRef(retailerId, email) });
    const id = `msg_${ulid()}`;
    const at = new Date();
    return fetch(`${base.replace(/\/$/, '')}/${encodeURIComponent(retailerId)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': this.webhook.sign(id, at, body),
      },
      body,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    }).then(
      async (response) => {
        await response.body?.cancel();
        if (!response.ok) this.logger.warn(`push for ${retailerId} answered ${response.status}`);
      },
      (error: Error) => this.logger.warn(`push for ${retailerId} failed: ${error.message}`),
    );
  }
}
