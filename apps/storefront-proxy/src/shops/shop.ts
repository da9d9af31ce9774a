import { type BlockVisibilityRule } from '@cps/domain';

/** A shop that installed the storefront app (secrets still sealed). */
export interface Shop {
  domain: string;
  /** The team of the stored API key; null while the shop has none. */
  teamId: string | null;
  apiKeySealed: string | null;
  proxySecretSealed: string;
  /** The shop's homepage (where link flows return by default). */
  storefrontUrl: string;
  /** The storefront platform's Admin API, asked for customers' email and tags. */
  adminApiUrl: string;
  adminTokenSealed: string | null;
  visibility: BlockVisibilityRule;
  /** Connection tags recorded on connections the shop's customers create (the three utm names only). */
  defaultTags: Record<string, string>;
}
