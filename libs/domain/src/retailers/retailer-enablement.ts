/** Platform status of a retailer. Wire values: never rename. */
export type RetailerStatus = 'active' | 'limited' | 'inactive';
export type LinkVisibility = 'everyone' | 'restricted' | 'hidden';

/** A team's configuration of one retailer; its existence is what "enabled" means. */
export interface RetailerConfiguration {
  linkVisibility: LinkVisibility;
  allowedEmails: string[];
  allowedDomains: string[];
}

export interface RetailerUpdateRequest {
  enabled?: boolean;
}

export type RetailerUpdatePlan =
  /** Nothing to write; answer with the current state. */
  | { kind: 'unchanged' }
  /** Create the configuration (with a fresh link id, which the caller issues). */
  | { kind: 'enable'; configuration: RetailerConfiguration }
  /** Remove the configuration; a later enable starts from scratch. */
  | { kind: 'disable' }
  | { kind: 'refused'; reason: 'retailer_inactive' };

/** What a newly enabled retailer starts with (seed: link_visibility starts as `everyone`). */
export const INITIAL_CONFIGURATION: Readonly<RetailerConfiguration> = Object.freeze({
  linkVisibility: 'everyone',
  allowedEmails: [],
  allowedDomains: [],
});

/**
 * Decides what PATCH /retailers/{id} does. Idempotent: enabling an enabled retailer or disabling a
 * disabled one changes nothing. A retailer the platform switched off cannot be newly enabled.
 */
export function planRetailerUpdate(input: {
  status: RetailerStatus;
  current: RetailerConfiguration | null;
  request: RetailerUpdateRequest;
}): RetailerUpdatePlan {
  const { status, current, request } = input;
  switch (request.enabled) {
    case undefined:
      return { kind: 'unchanged' };
    case true:
      if (current) return { kind: 'unchanged' };
      if (status === 'inactive') return { kind: 'refused', reason: 'retailer_inactive' };
      return {
        kind: 'enable',
        configuration: { ...INITIAL_CONFIGURATION, allowedEmails: [], allowedDomains: [] },
      };
    case false:
      return current ? { kind: 'disable' } : { kind: 'unchanged' };
  }
}
