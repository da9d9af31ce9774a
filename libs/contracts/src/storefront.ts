import { Equals, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { defineRpc } from './contract.js';
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

/** `shop:disconnect`: removes the shop's API key (its storefront endpoints answer 404 until a new one). 404 for an unknown shop. */
export const disconnectShop = defineRpc(SERVICE, 'storefront.disconnect-shop.v1', ShopRef, DisconnectedShop);
