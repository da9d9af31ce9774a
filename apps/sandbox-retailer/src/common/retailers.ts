import { Inject, Injectable } from '@nestjs/common';
import { type SandboxConfig } from '../config.js';
import { SANDBOX_CONFIG } from './sandbox-config.js';
import { notFound } from './sandbox-error.js';

/** The retailers this sandbox plays (SANDBOX_RETAILERS); any other `/r/{retailer_id}` is 404. */
@Injectable()
export class SandboxRetailers {
  private readonly ids: ReadonlySet<string>;

  constructor(@Inject(SANDBOX_CONFIG) config: Pick<SandboxConfig, 'SANDBOX_RETAILERS'>) {
    this.ids = new Set(config.SANDBOX_RETAILERS);
  }

  /** Returns the id when the sandbox plays that retailer; throws 404 otherwise. */
  require(retailerId: string): string {
    if (!this.ids.has(retailerId)) throw notFound(`unknown retailer ${retailerId}`);
    return retailerId;
  }
}
