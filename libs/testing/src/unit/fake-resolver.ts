import { type ResolvedAddress } from '@cps/platform';

const ANSWERS: Record<string, string[]> = {
  'example.com': ['93.184.216.34'],
  localhost: ['127.0.0.1', '::1'],
  'intranet.example': ['10.0.0.5', 'fd00::5'],
  'split.example': ['93.184.216.34', '192.168.1.20'],
};

/** A stand-in for DNS in specs: the names above resolve, any other is ENOTFOUND. */
export function resolveForSpecs(hostname: string): Promise<ResolvedAddress[]> {
  const addresses = ANSWERS[hostname];
  if (!addresses) return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
  return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
}
