import {
  DEVELOPMENT_OUTBOUND_ALLOWLIST,
  forbiddenAddressCategory,
  OutboundGuard,
  parseOutboundAllowlist,
  type ResolvedAddress,
} from '../index.js';

describe('forbiddenAddressCategory', () => {
  it.each<[string, string | null]>([
    // IPv4: public addresses pass, every special-purpose range is refused
    ['8.8.8.8', null],
    ['93.184.216.34', null],
    ['172.15.255.255', null],
    ['172.32.0.0', null],
    ['100.63.255.255', null],
    ['100.128.0.0', null],
    ['0.0.0.0', 'unspecified or reserved'],
    ['0.1.2.3', 'unspecified or reserved'],
    ['10.0.0.1', 'private network'],
    ['100.64.0.1', 'private network'],
    ['100.127.255.255', 'private network'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local or cloud metadata'],
    ['169.254.0.1', 'link-local or cloud metadata'],
    ['172.16.0.1', 'private network'],
    ['172.31.255.255', 'private network'],
    ['192.0.0.8', 'unspecified or reserved'],
    ['192.0.2.1', 'documentation'],
    ['192.168.1.1', 'private network'],
    ['198.18.0.1', 'unspecified or reserved'],
    ['198.19.255.255', 'unspecified or reserved'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'unspecified or reserved'],
    ['255.255.255.255', 'unspecified or reserved'],
    // IPv6
    ['2606:4700:4700::1111', null],
    ['2001:4860:4860::8888', null],
    ['::', 'unspecified or reserved'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'private network'],
    ['fd12:3456:789a::1', 'private network'],
    ['fe80::1', 'link-local or cloud metadata'],
    ['fe80::1%eth0', 'link-local or cloud metadata'],
    ['febf::1', 'link-local or cloud metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['fd00:ec2::254', 'private network'],
    // IPv4-mapped IPv6 is judged as its IPv4 address, in either spelling
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:169.254.169.254', 'link-local or cloud metadata'],
    ['::ffff:10.1.2.3', 'private network'],
    ['::ffff:8.8.8.8', null],
    // NAT64 (64:ff9b::/96) of a forbidden IPv4 address is forbidden; of a public one it is not
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local or cloud metadata'],
    ['64:ff9b::808:808', null],
    // 6to4 carries an IPv4 address too
    ['2002:7f00:1::1', 'loopback'],
    ['2002:808:808::1', null],
  ])('%s -> %s', (address, category) => {
    expect(forbiddenAddressCategory(address)).toBe(category);
  });
});

describe('parseOutboundAllowlist', () => {
  it('accepts addresses, CIDRs and host names, trimmed and lower-cased', () => {
    expect(parseOutboundAllowlist(' 127.0.0.1, localhost ,::1,10.0.0.0/8, fd00::/8, Hooks.Internal. ')).toEqual([
      '127.0.0.1',
      'localhost',
      '::1',
      '10.0.0.0/8',
      'fd00::/8',
      'hooks.internal',
    ]);
    expect(parseOutboundAllowlist('')).toEqual([]);
  });

  it.each(['10.0.0.0/33', 'fd00::/129', '10.0.0.0/x', 'http://localhost', 'a b', '*'])('refuses %s', (entry) => {
    expect(() => parseOutboundAllowlist(entry)).toThrow(/allowlist entry/);
  });

  it('has loopback as the development default', () => {
    expect(DEVELOPMENT_OUTBOUND_ALLOWLIST).toEqual(['127.0.0.0/8', '::1', 'localhost']);
  });
});

describe('OutboundGuard.vet', () => {
  const answers =
    (table: Record<string, string[]>) =>
    (hostname: string): Promise<ResolvedAddress[]> => {
      const addresses = table[hostname];
      if (!addresses)
        return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
      return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    };
  const resolve = answers({
    'public.example': ['93.184.216.34', '2606:2800:220:1::1'],
    'mixed.example': ['93.184.216.34', '10.0.0.5'],
    'mixed6.example': ['93.184.216.34', '::ffff:127.0.0.1'],
    localhost: ['127.0.0.1', '::1'],
    'metadata.google.internal': ['93.184.216.34'],
    'internal.example': ['192.168.0.10'],
  });

  it.each<[string, readonly string[], object]>([
    [
      'public.example',
      [],
      {
        allowed: true,
        addresses: [
          { address: '93.184.216.34', family: 4 },
          { address: '2606:2800:220:1::1', family: 6 },
        ],
      },
    ],
    ['8.8.8.8', [], { allowed: true, addresses: [{ address: '8.8.8.8', family: 4 }] }],
    ['[2606:4700::1]', [], { allowed: true, addresses: [{ address: '2606:4700::1', family: 6 }] }],
    ['127.0.0.1', [], { allowed: false, reason: 'forbidden', category: 'loopback' }],
    ['[::1]', [], { allowed: false, reason: 'forbidden', category: 'loopback' }],
    ['[::ffff:169.254.169.254]', [], { allowed: false, reason: 'forbidden', category: 'link-local or cloud metadata' }],
    ['169.254.169.254', [], { allowed: false, reason: 'forbidden', category: 'link-local or cloud metadata' }],
    // any forbidden address among the answers refuses the whole name
    ['mixed.example', [], { allowed: false, reason: 'forbidden', category: 'private network' }],
    ['mixed6.example', [], { allowed: false, reason: 'forbidden', category: 'loopback' }],
    ['localhost', [], { allowed: false, reason: 'forbidden', category: 'loopback' }],
    ['metadata.google.internal', [], { allowed: false, reason: 'forbidden', category: 'link-local or cloud metadata' }],
    [
      'METADATA.GOOGLE.INTERNAL.',
      [],
      { allowed: false, reason: 'forbidden', category: 'link-local or cloud metadata' },
    ],
    ['nowhere.example', [], { allowed: false, reason: 'unresolved', code: 'ENOTFOUND' }],
    // the allowlist: addresses, CIDRs (also matching the mapped spelling) and names
    ['127.0.0.1', ['127.0.0.1'], { allowed: true, addresses: [{ address: '127.0.0.1', family: 4 }] }],
    ['127.0.0.2', ['127.0.0.1'], { allowed: false, reason: 'forbidden', category: 'loopback' }],
    ['127.0.0.2', DEVELOPMENT_OUTBOUND_ALLOWLIST, { allowed: true, addresses: [{ address: '127.0.0.2', family: 4 }] }],
    ['[::1]', DEVELOPMENT_OUTBOUND_ALLOWLIST, { allowed: true, addresses: [{ address: '::1', family: 6 }] }],
    ['[::ffff:127.0.0.1]', ['127.0.0.0/8'], { allowed: true, addresses: [{ address: '::ffff:127.0.0.1', family: 6 }] }],
    [
      'localhost',
      ['localhost'],
      {
        allowed: true,
        addresses: [
          { address: '127.0.0.1', family: 4 },
          { address: '::1', family: 6 },
        ],
      },
    ],
    ['internal.example', ['192.168.0.0/16'], { allowed: true, addresses: [{ address: '192.168.0.10', family: 4 }] }],
    ['internal.example', ['internal.example'], { allowed: true, addresses: [{ address: '192.168.0.10', family: 4 }] }],
    ['mixed.example', ['127.0.0.0/8'], { allowed: false, reason: 'forbidden', category: 'private network' }],
    [
      '169.254.169.254',
      DEVELOPMENT_OUTBOUND_ALLOWLIST,
      { allowed: false, reason: 'forbidden', category: 'link-local or cloud metadata' },
    ],
  ])('%s with allowlist %j', async (hostname, allow, verdict) => {
    await expect(new OutboundGuard({ allow, resolve }).vet(hostname)).resolves.toMatchObject(verdict);
  });

  it('explains a refusal without naming the address', async () => {
    const verdict = await new OutboundGuard({ allow: [], resolve }).vet('internal.example');
    expect(verdict.allowed ? null : verdict.message).toBe('destination address is not allowed (private network)');
  });
});
