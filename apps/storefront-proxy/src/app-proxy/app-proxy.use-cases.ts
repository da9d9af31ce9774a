import { ConflictException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import {
  checkStorefrontRedirect,
  isBlockVisible,
  restrictedRetailerIds,
  retailerImages,
  retailerLinkUrl,
  storefrontTags,
} from '@cps/domain';
import { isDisconnected } from '@cps/contracts';
import { SyncClient } from '../clients/platform-clients.js';
import { STOREFRONT_CONFIG, type StorefrontProxyConfig } from '../config.js';
import { BrandAccess } from '../shops/brand-access.js';
import { type Shop } from '../shops/shop.js';
import { CustomerProfiles } from './customer-profiles.js';
import {
  type ConfigurationResponse,
  type DisconnectResponse,
  type RetailersResponse,
  type StartLinkBody,
  type StartLinkResponse,
  type VisibilityResponse,
} from './dto/app-proxy.dto.js';
import { LinkFlow, SHOPPER } from './link-flow.js';
import { type CustomerRequest, type ProxiedRequest } from './proxied-request.js';
import { shownConnection, StorefrontBrand } from './storefront-brand.js';

const invalid = (field: string, msg: string, input: unknown) =>
  new UnprocessableEntityException({ detail: [{ type: 'value_error', loc: ['body', field], msg, input }] });

const redirectOrRefuse = (shop: Shop, raw: string | undefined, field: string[]) => {
  const checked = checkStorefrontRedirect(raw, shop.storefrontUrl);
  if (!checked.ok) {
    throw new UnprocessableEntityException({
      detail: [{ type: 'value_error', loc: field, msg: checked.reason, input: raw }],
    });
  }
  return checked.url;
};

/** GET configuration: 200 while the shop holds an API key, 404 otherwise. */
@Injectable()
export class GetConfigurationUseCase {
  constructor(private readonly brands: BrandAccess) {}

  async execute({ shop }: ProxiedRequest): Promise<ConfigurationResponse> {
    if (!shop.apiKeySealed) throw new NotFoundException({ detail: 'storefront not configured' });
    const teamId = await this.brands.teamOf(shop);
    return {
      status: teamId ? 'active' : 'api_key_invalid',
      signed_out_prompt: teamId !== null && isBlockVisible(shop.visibility, null),
    };
  }
}

/** GET visibility: the merchant's rule and the team's retailer audiences applied to this customer. */
@Injectable()
export class GetVisibilityUseCase {
  constructor(
    private readonly brand: StorefrontBrand,
    private readonly profiles: CustomerProfiles,
  ) {}

  async execute({ shop, customer }: CustomerRequest): Promise<VisibilityResponse> {
    const teamId = await this.brand.teamOf(shop);
    const [profile, retailers] = await Promise.all([
      this.profiles.of(shop, customer),
      this.brand.linkableRetailers(teamId),
    ]);
    return {
      blockVisible: isBlockVisible(shop.visibility, profile),
      restrictedRetailerIds: restrictedRetailerIds(retailers, profile.email),
    };
  }
}

/** GET retailers: the team's linkable retailers, each with this customer's connection when there is one. */
@Injectable()
export class ListRetailersUseCase {
  constructor(
    private readonly brand: StorefrontBrand,
    @Inject(STOREFRONT_CONFIG) private readonly config: Pick<StorefrontProxyConfig, 'PUBLIC_BASE_URL'>,
  ) {}

  async execute({ shop, customer }: CustomerRequest): Promise<RetailersResponse> {
    const brandCustomer = await this.brand.customer(shop, customer);
    const [retailers, connections] = await Promise.all([
      this.brand.linkableRetailers(brandCustomer.teamId),
      this.brand.connections(brandCustomer),
    ]);
    const base = this.config.PUBLIC_BASE_URL;
    return {
      retailers: retailers.map((retailer) => {
        const connection = shownConnection(connections.filter((c) => c.retailer_id === retailer.retailer_id));
        return {
          retailer_id: retailer.retailer_id,
          name: retailer.name,
          link_url: retailerLinkUrl(base, retailer.link_id),
          images: retailerImages(base, retailer.retailer_id),
          ...(connection
            ? {
                connection: {
                  connection_id: connection.connection_id,
                  retailer_id: connection.retailer_id,
                  status: connection.status,
                },
              }
            : {}),
        };
      }),
    };
  }
}

/**
 * POST connections: a link flow URL for a retailer, bound to the customer's connection to re-authenticate
 * (`connectionId`) or to the one a link completes (found or created, with the shop's default tags and the body's).
 */
@Injectable()
export class StartLinkUseCase {
  constructor(
    private readonly brand: StorefrontBrand,
    private readonly profiles: CustomerProfiles,
    private readonly flow: LinkFlow,
    @Inject(STOREFRONT_CONFIG) private readonly config: Pick<StorefrontProxyConfig, 'PUBLIC_BASE_URL'>,
  ) {}

  async execute({ shop, customer }: CustomerRequest, body: StartLinkBody): Promise<StartLinkResponse> {
    const brandCustomer = await this.brand.customer(shop, customer);
    const retailer = (await this.brand.linkableRetailers(brandCustomer.teamId)).find(
      (candidate) => candidate.retailer_id === body.retailerId,
    );
    if (!retailer) throw new NotFoundException({ detail: `retailer ${body.retailerId} not found` });
    if (body.retailerLinkUrl.trim() !== retailerLinkUrl(this.config.PUBLIC_BASE_URL, retailer.link_id)) {
      throw invalid('retailerLinkUrl', "must be the retailer's link_url", body.retailerLinkUrl);
    }
    const redirectUrl = redirectOrRefuse(shop, body.redirectUrl, ['body', 'redirectUrl']);
    const profile = await this.profiles.of(shop, customer);
    let connection;
    if (body.connectionId !== undefined) {
      connection = await this.brand.ownConnection(brandCustomer, body.connectionId);
      if (!connection) throw new NotFoundException({ detail: `connection ${body.connectionId} not found` });
      if (connection.retailer_id !== retailer.retailer_id) {
        throw invalid('connectionId', 'is a connection to another retailer', body.connectionId);
      }
      if (isDisconnected(connection.status)) {
        throw new ConflictException({ detail: 'the connection is disconnected; link the retailer afresh' });
      }
    } else {
      connection = await this.flow.connectionFor(brandCustomer, retailer.retailer_id, {
        email: profile.email,
        tags: { ...shop.defaultTags, ...storefrontTags(body.tags) },
      });
    }
    return { link_url: await this.flow.url(brandCustomer, connection, profile.email, redirectUrl) };
  }
}

/** POST disconnect-connection: the customer's connection moves to `disconnected` (activity source `Consumer`). */
@Injectable()
export class DisconnectConnectionUseCase {
  constructor(
    private readonly brand: StorefrontBrand,
    private readonly sync: SyncClient,
  ) {}

  async execute({ shop, customer }: CustomerRequest, connectionId: string): Promise<DisconnectResponse> {
    const brandCustomer = await this.brand.customer(shop, customer);
    const connection = await this.brand.ownConnection(brandCustomer, connectionId);
    if (!connection) throw new NotFoundException({ detail: `connection ${connectionId} not found` });
    await this.sync.updateConnection({
      teamId: brandCustomer.teamId,
      connectionId,
      actor: SHOPPER,
      status: 'disconnected',
    });
    return { success: true };
  }
}

/** GET link/{linkId}: the customer's connection to the link's retailer (found or created), then into the flow. */
@Injectable()
export class FollowLinkUseCase {
  constructor(
    private readonly brand: StorefrontBrand,
    private readonly profiles: CustomerProfiles,
    private readonly flow: LinkFlow,
  ) {}

  /** The flow URL to redirect to. */
  async execute({ shop, customer }: CustomerRequest, linkId: string, redirect: string | undefined): Promise<string> {
    const brandCustomer = await this.brand.customer(shop, customer);
    const retailer = (await this.brand.linkableRetailers(brandCustomer.teamId)).find(
      (candidate) => candidate.link_id === linkId,
    );
    if (!retailer) throw new NotFoundException({ detail: 'link not found' });
    const redirectUrl = redirectOrRefuse(shop, redirect, ['query', 'redirect_url']);
    const profile = await this.profiles.of(shop, customer);
    const connection = await this.flow.connectionFor(brandCustomer, retailer.retailer_id, {
      email: profile.email,
      tags: shop.defaultTags,
    });
    return this.flow.url(brandCustomer, connection, profile.email, redirectUrl);
  }
}
