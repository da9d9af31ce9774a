import { BlockList, isIP } from 'node:net';
import { addRange, canonicalAddress, embeddedIpv4 } from './forbidden-addresses.js';

/** What development and tests may reach besides the public internet: this machine's loopback receivers. */
export const DEVELOPMENT_OUTBOUND_ALLOWLIST: readonly string[] = ['127.0.0.0/8', '::1', 'localhost'];

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * `OUTBOUND_ALLOW_PRIVATE_HOSTS`: comma-separated IP addresses, CIDRs and host names that may be reached although
 * they are private (`127.0.0.1,localhost,::1`, `10.20.0.0/16`). Throws on an entry that is none of these.
 */
export function parseOutboundAllowlist(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(normalizeEntry);
}

function normalizeEntry(raw: string): string {
  const entry = raw.toLowerCase();
  const refused = new Error(`allowlist entry "${raw}" is not an IP address, CIDR or host name`);
  if (entry.includes('/')) {
    const [address, prefix, ...extra] = entry.split('/');
    const family = isIP(address);
    const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (extra.length > 0 || family === 0 || !(bits <= (family === 4 ? 32 : 128))) throw refused;
    return `${address}/${bits}`;
  }
  if (isIP(entry) !== 0) return entry;
  const name = entry.endsWith('.') ? entry.slice(0, -1) : entry;
  if (!HOST_NAME.test(name)) throw refused;
  return name;
}

/** The allowlist, ready to match a host name or a resolved address. */
export class OutboundAllowlist {
  private readonly addresses = new BlockList();
  private readonly names = new Set<string>();

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      if (entry.includes('/') || isIP(entry) !== 0) addRange(this.addresses, entry);
      else this.names.add(entry);
    }
  }

  allowsName(hostname: string): boolean {
    return this.names.has(hostname);
  }

  /** An allowlisted address, also in its IPv4-mapped IPv6 spelling. */
  allowsAddress(address: string): boolean {
    const ip = canonicalAddress(address);
    if (ip === null) return false;
    if (this.addresses.check(ip, ip.includes(':') ? 'ipv6' : 'ipv4')) return true;
    return ip.startsWith('::ffff:') && embeddedIpv4(ip).some((v4) => this.addresses.check(v4, 'ipv4'));
  }
}
