import type Provider from 'oidc-provider';

/** One authorization request's pending step, as oidc-provider keeps it (sign-in, then consent). */
export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
