import { BlockList, isIP } from 'node:net';

/**
 * Special-purpose address ranges an outbound request must never reach (RFC 6890 and friends): this network,
 * private, shared (CGNAT), loopback, link-local (169.254.169.254 is every cloud's metadata service),
 * documentation, benchmarking, multicast and reserved space, in both families. The first matching category names
 * the refusal; the order puts the most specific first.
 */
const CATEGORIES: readonly [category: string, ranges: readonly string[]][] = [
  ['loopback', ['127.0.0.0/8', '::1/128']],
  ['link-local or cloud metadata', ['169.254.0.0/16', 'fe80::/10']],
  [
    'private network',
    ['10.0.0.0/8', '100.64.0.0/10', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7', 'fec0::/10', '64:ff9b:1::/48'],
  ],
  ['documentation', ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32']],
  ['multicast', ['224.0.0.0/4', 'ff00::/8']],
  [
    'unspecified or reserved',
    // 240.0.0.0/4 includes 255.255.255.255; ::/96 holds :: and the deprecated IPv4-compatible addresses.
    ['0.0.0.0/8', '192.0.0.0/24', '192.88.99.0/24', '198.18.0.0/15', '240.0.0.0/4', '::/96', '100::/64'],
  ],
];

const LISTS = CATEGORIES.map(([category, ranges]) => {
  const list = new BlockList();
  for (const range of ranges) addRange(list, range);
  return [category, list] as const;
});

/** Host names of metadata services that must not be reached whatever they resolve to. */
export const METADATA_HOSTNAMES: ReadonlySet<string> = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** Why an address must not be reached (`'loopback'`, `'private network'`, ...), or null when it may be. */
export function forbiddenAddressCategory(address: string): string | null {
  const ip = canonicalAddress(address);
  if (ip === null) return 'unspecified or reserved';
  for (const candidate of [ip, ...embeddedIpv4(ip)]) {
    const family = candidate.includes(':') ? 'ipv6' : 'ipv4';
    for (const [category, list] of LISTS) {
      if (list.check(candidate, family)) return category;
    }
  }
  return null;
}

/** `[::1]` or `fe80::1%eth0` as a plain address (lower case), or null when it is not an IP address. */
export function canonicalAddress(text: string): string | null {
  let address = text.trim().toLowerCase();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  const zone = address.indexOf('%');
  if (zone !== -1) address = address.slice(0, zone);
  return isIP(address) === 0 ? null : address;
}

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) and 6to4
 * (2002::/16) reach that IPv4 host, so they are judged as it.
 */
export function embeddedIpv4(address: string): string[] {
  const words = ipv6Words(address);
  if (words === null) return [];
  const zeros = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return [ipv4Of(words[6], words[7])];
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return [ipv4Of(words[6], words[7])];
  if (words[0] === 0x2002) return [ipv4Of(words[1], words[2])];
  return [];
}

/** The eight 16-bit words of an IPv6 address, or null for anything else. */
function ipv6Words(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes its two hex words.
  const text = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a: string, b: string, c: string, d: string) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
  );
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((word) => parseInt(word, 16)));
  const [head, rest] = text.split('::');
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Adds `a.b.c.d`, `a.b.c.d/n`, `x::y` or `x::/n` to a block list. */
export function addRange(list: BlockList, range: string): void {
  const [address, prefix] = range.split('/');
  const family = address.includes(':') ? 'ipv6' : 'ipv4';
  if (prefix === undefined) list.addAddress(address, family);
  else list.addSubnet(address, Number(prefix), family);
}
