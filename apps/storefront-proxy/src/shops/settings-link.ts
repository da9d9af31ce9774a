import { signAppProxyQuery } from '@cps/domain';

/** The settings page of a shop, signed with its app-proxy secret like a proxied request (valid for 90 seconds). */
export function signedSettingsUrl(publicUrl: string, shop: string, secret: string, now: Date): string {
  return `${publicUrl}/settings?${signAppProxyQuery([['shop', shop]], secret, now).toString()}`;
}
