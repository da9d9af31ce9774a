import { type RetailerAdapter } from './retailer-adapter.js';
import { type RetailerAdaptersConfig } from './retailer-adapters.config.js';
import { SandboxRetailerAdapter } from './sandbox-retailer.adapter.js';

/** The adapter that reaches a given platform retailer. */
export abstract class RetailerAdapters {
  abstract for(retailerId: string): RetailerAdapter;
}

/** Every retailer is played by the sandbox retailer: no real retailer integration ships yet. */
export class SandboxRetailerAdapters extends RetailerAdapters {
  private readonly adapters = new Map<string, RetailerAdapter>();

  constructor(private readonly config: RetailerAdaptersConfig) {
    super();
  }

  for(retailerId: string): RetailerAdapter {
    let adapter = this.adapters.get(retailerId);
    if (!adapter) {
      adapter = new SandboxRetailerAdapter({
        retailerId,
        baseUrl: this.config.SANDBOX_RETAILER_URL,
        timeoutMs: this.config.RETAILER_REQUEST_TIMEOUT_MS,
        pageSize: this.config.RETAILER_PAGE_SIZE,
      });
      this.adapters.set(retailerId, adapter);
    }
    return adapter;
  }
}
