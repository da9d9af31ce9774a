import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { OutboundAllowlist } from './outbound-allowlist.js';
import { canonicalAddress, forbiddenAddressCategory, METADATA_HOSTNAMES } from './forbidden-addresses.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (dns.lookup with `all`, so /etc/hosts counts as it does for a connect). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

export type OutboundVerdict =
  | { allowed: true; addresses: ResolvedAddress[] }
  | { allowed: false; reason: 'forbidden'; category: string; message: string }
  | { allowed: false; reason: 'unresolved'; code: string; message: string };

export interface OutboundGuardOptions {
  /** Parsed `OUTBOUND_ALLOW_PRIVATE_HOSTS` entries (see parseOutboundAllowlist). */
  allow: readonly string[];
  resolve?: HostResolver;
}

/**
 * Decides whether an outbound request may go to a host: it resolves the name once and refuses it when ANY
 * address is private, loopback, link-local, metadata or otherwise special-purpose (unless allowlisted). The
 * caller connects only to the addresses returned (see OutboundHttpClient), so a second DNS answer — a rebinding
 * attack — is never asked for.
 */
export class OutboundGuard {
  private readonly allowlist: OutboundAllowlist;
  private readonly resolve: HostResolver;

  constructor(options: OutboundGuardOptions) {
    this.allowlist = new OutboundAllowlist(options.allow);
    this.resolve = options.resolve ?? systemResolver;
  }

  /** `hostname` as in `URL.hostname` (an IPv6 literal in brackets is fine); `signal` time-boxes the lookup. */
  async vet(hostname: string, signal?: AbortSignal): Promise<OutboundVerdict> {
    const literal = canonicalAddress(hostname);
    if (literal !== null) return this.judge([{ address: literal, family: isIP(literal) === 6 ? 6 : 4 }]);

    let name = hostname.trim().toLowerCase();
    if (name.endsWith('.')) name = name.slice(0, -1);
    const named = this.allowlist.allowsName(name);
    if (!named && METADATA_HOSTNAMES.has(name)) return forbidden('link-local or cloud metadata');

    let addresses: ResolvedAddress[];
    try {
      addresses = await abortable(this.resolve(name), signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      const code = String((error as { code?: unknown } | null)?.code ?? 'ENOTFOUND');
      return {
        allowed: false,
        reason: 'unresolved',
        code,
        message: `destination host could not be resolved (${code})`,
      };
    }
    if (addresses.length === 0) {
      return {
        allowed: false,
        reason: 'unresolved',
        code: 'ENODATA',
        message: 'destination host could not be resolved (ENODATA)',
      };
    }
    return named ? { allowed: true, addresses } : this.judge(addresses);
  }

  private judge(addresses: ResolvedAddress[]): OutboundVerdict {
    for (const { address } of addresses) {
      if (this.allowlist.allowsAddress(address)) continue;
      const category = forbiddenAddressCategory(address);
      if (category !== null) return forbidden(category);
    }
    return { allowed: true, addresses };
  }
}

function forbidden(category: string): OutboundVerdict {
  // The category only: the address itself would map the internal network for whoever reads the log.
  return { allowed: false, reason: 'forbidden', category, message: `destination address is not allowed (${category})` };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
