import { Inject, Injectable } from '@nestjs/common';
import { type Actor, type Connection, isDisconnected } from '@cps/contracts';

import { Transactor } from '@cps/persistence';
import { SyncClient } from '../clients/platform-clients.js';
import { STOREFRONT_CONFIG, type StorefrontProxyConfig } from '../config.js';
import { StorefrontBrand, type BrandCustomer } from './storefront-brand.js';

/** The shopper, on the storefront (INTERFACE-DECISIONS: `event_source` `Consumer`). */
export const SHOPPER: Actor = { source: 'Consumer', idType: null, idName: null };

/** Link tokens the storefront issues live the shortest time a link token can (they open one flow). */
const LINK_TOKEN_DAYS = 1;

/**
 * Opens the hosted link flow for a shop customer with a connection bound: the customer gets a link token of their
 * own (`customer_id` of the shop customer) and the flow re-links exactly that connection, so a storefront customer
 * can only ever link or re-link their own connections.
 */
@Injectable()
export class LinkFlow {
  constructor(
    private readonly sync: SyncClient,
    private readonly brand: StorefrontBrand,
    private readonly transactor: Transactor,
    @Inject(STOREFRONT_CONFIG) private readonly config: Pick<StorefrontProxyConfig, 'PUBLIC_BASE_URL'>,
  ) {}

  /**
   * The customer's connection to the retailer that a link can still complete (initialized, active or
   * unauthenticated), or a new `initialized` one with `tags` and `email`. Under a lock per customer and retailer, so
   * two clicks at once make one connection.
   */
  async connectionFor(
    customer: BrandCustomer,
    retailerId: string,
    fresh: { email: string | null; tags: Record<string, string> },
  ): Promise<Connection> {
    return this.transactor.run(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `storefront.link:${customer.teamId}:${customer.customerId}:${retailerId}`,
      ]);
      const existing = (await this.brand.connections(customer, retailerId)).find(
        (connection) => !isDisconnected(connection.status),
      );
      if (existing) return existing;
      return this.sync.createConnection({
        teamId: customer.teamId,
        actor: SHOPPER,
        customer_id: customer.customerId,
        retailer_id: retailerId,
        email: fresh.email,
        tags: fresh.tags,
      });
    });
  }

  /** `{base_url}/link?link_token=...&connection_id=...&redirect_url=...` for this customer and connection. */
  async url(
    customer: BrandCustomer,
    connection: Connection,
    email: string | null,
    redirectUrl: string,
  ): Promise<string> {
    const token = await this.sync.createLinkToken({
      teamId: customer.teamId,
      customer_id: customer.customerId,
      email: email ?? connection.email,
      expires_in_days: LINK_TOKEN_DAYS,
    });
    const query = new URLSearchParams({
      link_token: token.link_token,
      connection_id: connection.connection_id,
      redirect_url: redirectUrl,
    });
    return `${this.config.PUBLIC_BASE_URL}/link?${query.toString()}`;
  }
}
