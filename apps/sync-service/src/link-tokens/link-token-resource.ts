import { type SyncContracts } from '@cps/contracts';
import { linkTokenStatus } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { type LinkTokenEntity } from './link-token.entity.js';

export type LinkTokenMetadata = SyncContracts.LinkTokenMetadata;

/** What a brand may see of a token: no raw token, no ids, no contact fields. Status as of `now`. */
export function toLinkTokenMetadata(token: LinkTokenEntity, now: Date): LinkTokenMetadata {
  return {
    customer_id: token.customerId,
    status: linkTokenStatus(token, now),
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt.toISOString(),
    ...(token.revokedAt ? { revoked_at: token.revokedAt.toISOString() } : {}),
  };
}

/** Unknown, malformed and other teams' tokens all look the same. */
export function linkTokenNotFound(): RpcRefusal {
  return new RpcRefusal(404, 'link token not found');
}
