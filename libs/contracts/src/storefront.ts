import {
  Equals,
  IsArray,
  IsBoolean,
  IsISO8601,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { defineRpc, Type, TeamScoped } from './contract.js';
import { IsOmittable, Trim } from './validators.js';

const SERVICE = 'storefront-proxy';

/** A shop's domain as the storefront platform names it in `shop` (`acme.myshopify.com`): a lower-case host name. */
export const SHOP_DOMAIN_PATTERN =
  /^(?=.{4,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

export class ShopRef {
  @Trim() @IsString() @Matches(SHOP_DOMAIN_PATTERN, { message: 'shop must be a lower-case domain name' }) shop!: string;
}

export class ConnectShopRequest extends ShopRef {
  /** The app-proxy shared secret the platform signs proxied requests with (stored encrypted). */
  @IsString() @MinLength(16) @MaxLength(256) secret!: string;
  /** The brand's API key (verified with auth-server, stored encrypted, never returned). */
  @IsString() @MinLength(1) @MaxLength(256) apiKey!: string;
  /** The shop's homepage, where link flows return by default; default `https://<shop>/`. */
  @IsOmittable() @IsString() @MaxLength(2048) storefrontUrl?: string;
  /** The platform's Admin API (customer email and tags for the visibility rules); default the storefront URL. */
  @IsOmittable() @IsString() @MaxLength(2048) adminApiUrl?: string;
  /** The Admin API access token (stored encrypted); without it customers' email and tags are unknown. */
  @IsOmittable() @IsString() @MinLength(1) @MaxLength(512) adminToken?: string;
}

export class ConnectedShop {
  @IsString() shop!: string;
  @IsString() team_id!: string;
  @IsString() storefront_url!: string;
  /** The settings page, signed like a proxied request (valid for 90 seconds). */
  @IsString() settings_url!: string;
}

/**
 * `npm run admin -- shop:connect`: creates the shop, or replaces its secret, API key and addresses (its
 * visibility rules and default tags stay). 422 when the API key is not valid.
 */
export const connectShop = defineRpc(SERVICE, 'storefront.connect-shop.v1', ConnectShopRequest, ConnectedShop);

export class DisconnectedShop {
  @IsString() shop!: string;
  @Equals(true) api_key_removed!: true;
}

export class DisconnectShopRequest extends ShopRef {
  /** The team disconnecting its own shop (the dashboard): a shop linked to another team, or none, is 404. */
  @IsOmittable() @IsString() @MinLength(1) teamId?: string;
}

/**
 * `shop:disconnect`, or a team from the dashboard: removes the shop's API key (its storefront endpoints answer 404
 * until a new one is set). 404 for an unknown shop, or one not linked to `teamId` when given.
 */
export const disconnectShop = defineRpc(
  SERVICE,
  'storefront.disconnect-shop.v1',
  DisconnectShopRequest,
  DisconnectedShop,
);

export class TeamShopsRequest extends TeamScoped {}
export class TeamShop {
  @IsString() shop!: string;
  @IsString() storefront_url!: string;
  /** When the storefront app was first installed on the shop. */
  @IsISO8601({ strict: true }) installed_at!: string;
  /** When the shop was last linked to the team (`shop:connect` with one of its API keys). */
  @IsISO8601({ strict: true }) linked_at!: string;
  /** Who sees the storefront block: `everyone`, `signed_in`, `customer_tag`, `email_domain` or `hidden`. */
  @IsString() block_audience!: string;
  /** True when the shop gave an Admin API token, so customers' email and tags are known to the rules. */
  @IsBoolean() customer_details!: boolean;
}
export class TeamShopList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => TeamShop) shops!: TeamShop[];
}
/** The shops linked to a team (those holding one of its API keys), by domain; no secrets. */
export const listTeamShops = defineRpc(SERVICE, 'storefront.list-team-shops.v1', TeamShopsRequest, TeamShopList);
