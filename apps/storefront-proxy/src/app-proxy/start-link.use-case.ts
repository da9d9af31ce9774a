import { ConflictException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { isDisconnected } from '@cps/contracts';
import { retailerLinkUrl, storefrontTags } from '@cps/domain';
import { STOREFRONT_CONFIG, type StorefrontProxyConfig } from '../config.js';
import { CustomerProfiles } from './customer-profiles.js';
import { type StartLinkBody, type StartLinkResponse } from './dto/app-proxy.dto.js';
import { LinkFlow } from './link-flow.js';
import { type CustomerRequest } from './proxied-request.js';
import { StorefrontBrand } from './storefront-brand.js';
import { redirectOrRefuse } from './storefront-redirect.js';

const invalid = (field: string, msg: string, input: unknown) =>
  new UnprocessableEntityException({ detail: [{ type: 'value_error', loc: ['body', field], msg, input }] });

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
