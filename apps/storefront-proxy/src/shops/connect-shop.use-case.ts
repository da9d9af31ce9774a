import { Inject, Injectable } from '@nestjs/common';
import { type RpcRequest, type RpcResponse, type StorefrontContracts } from '@cps/contracts';
import { Clock } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { SecretBox } from '@cps/persistence';
import { STOREFRONT_CONFIG, type StorefrontProxyConfig } from '../config.js';
import { BrandAccess } from './brand-access.js';
import { signedSettingsUrl } from './settings-link.js';
import { ShopRepository } from './shop.repository.js';

type Request = RpcRequest<typeof StorefrontContracts.connectShop>;

/** An absolute http(s) address without credentials, normalised (`https://acme.example/`), or null. */
function httpAddress(raw: string): string | null {
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
  return url.toString();
}

/**
 * `shop:connect`: stores the shop with its app-proxy secret and the brand's API key (verified first, both sealed),
 * and answers a signed link to its settings page.
 */
@Injectable()
export class ConnectShopUseCase {
  constructor(
    private readonly shops: ShopRepository,
    private readonly brands: BrandAccess,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    @Inject(STOREFRONT_CONFIG) private readonly config: Pick<StorefrontProxyConfig, 'STOREFRONT_PUBLIC_URL'>,
  ) {}

  async execute(request: Request): Promise<RpcResponse<typeof StorefrontContracts.connectShop>> {
    const storefrontUrl = httpAddress(request.storefrontUrl ?? `https://${request.shop}/`);
    if (!storefrontUrl) throw new RpcRefusal(422, 'storefrontUrl must be an absolute http(s) URL');
    const adminApiUrl = httpAddress(request.adminApiUrl ?? new URL(storefrontUrl).origin);
    if (!adminApiUrl) throw new RpcRefusal(422, 'adminApiUrl must be an absolute http(s) URL');
    const teamId = await this.brands.verify(request.apiKey);
    if (!teamId) throw new RpcRefusal(422, 'the API key is not valid');
    const now = this.clock.now();
    await this.shops.connect(
      {
        domain: request.shop,
        teamId,
        apiKeySealed: this.box.seal(request.apiKey),
        proxySecretSealed: this.box.seal(request.secret),
        storefrontUrl,
        adminApiUrl: adminApiUrl.replace(/\/+$/, ''),
        adminTokenSealed: request.adminToken === undefined ? null : this.box.seal(request.adminToken),
      },
      now,
    );
    return {
      shop: request.shop,
      team_id: teamId,
      storefront_url: storefrontUrl,
      settings_url: signedSettingsUrl(this.config.STOREFRONT_PUBLIC_URL, request.shop, request.secret, now),
    };
  }
}
