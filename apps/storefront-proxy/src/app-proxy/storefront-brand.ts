import { HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { type Connection, type TeamRetailer, isDisconnected } from '@cps/contracts';
import { storefrontCustomerId } from '@cps/domain';
import { SyncClient } from '../clients/platform-clients.js';
import { BrandAccess } from '../shops/brand-access.js';
import { type Shop } from '../shops/shop.js';

/** A shop's customer seen from the brand's side. */
export interface BrandCustomer {
  teamId: string;
  /** The connections' `customer_id` of this shop customer. */
  customerId: string;
}

const isNotFound = (error: unknown) => error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND;

/**
 * The brand's data as one shop customer may see it: the team's linkable retailers, and only this customer's real
 * (not simulated) connections. Every read is scoped by the team of the shop's API key.
 */
@Injectable()
export class StorefrontBrand {
  constructor(
    private readonly brands: BrandAccess,
    private readonly sync: SyncClient,
  ) {}

  /** The shop's team, or 404 when the shop has no valid API key (storefront configuration absent). */
  async teamOf(shop: Shop): Promise<string> {
    const teamId = await this.brands.teamOf(shop);
    if (!teamId) throw new NotFoundException({ detail: 'storefront not configured' });
    return teamId;
  }

  async customer(shop: Shop, storefrontCustomer: string): Promise<BrandCustomer> {
    return { teamId: await this.teamOf(shop), customerId: storefrontCustomerId(shop.domain, storefrontCustomer) };
  }

  /** Retailers a shopper can link: enabled for the team, with a link id, not inactive on the platform. */
  async linkableRetailers(teamId: string): Promise<Array<TeamRetailer & { link_id: string }>> {
    const { retailers } = await this.sync.listRetailers({ teamId, include: 'enabled' });
    return retailers.filter(
      (retailer): retailer is TeamRetailer & { link_id: string } =>
        retailer.enabled && retailer.link_id !== null && retailer.status !== 'inactive',
    );
  }

  /** The customer's connections, newest first (optionally to one retailer). */
  async connections(customer: BrandCustomer, retailerId?: string): Promise<Connection[]> {
    const found: Connection[] = [];
    let startingAfter: string | undefined;
    for (;;) {
      const page = await this.sync.listConnections({
        teamId: customer.teamId,
        customer_id: customer.customerId,
        ...(retailerId ? { retailer_id: retailerId } : {}),
        limit: 100,
        ...(startingAfter ? { starting_after: startingAfter } : {}),
      });
      found.push(...page.connections.filter((connection) => !connection.is_simulated));
      if (!page.has_more || page.connections.length === 0) return found;
      startingAfter = page.connections[page.connections.length - 1]!.connection_id;
    }
  }

  /** One of the customer's connections, or null for an unknown, simulated or another customer's one. */
  async ownConnection(customer: BrandCustomer, connectionId: string): Promise<Connection | null> {
    try {
      const connection = await this.sync.getConnection({ teamId: customer.teamId, connectionId });
      return connection.customer_id === customer.customerId && !connection.is_simulated ? connection : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }
}

/**
 * The connection the storefront shows for a retailer: the newest that still collects or can be linked again, else
 * the newest (disconnected or revoked: link afresh).
 */
export function shownConnection(connections: readonly Connection[]): Connection | undefined {
  return connections.find((connection) => !isDisconnected(connection.status)) ?? connections[0];
}
