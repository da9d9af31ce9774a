import { type TeamRetailer } from '@cps/contracts';
import { toPublicRetailer } from './public-retailer.js';

const BASE = 'https://api.example.com';

const row = (overrides: Partial<TeamRetailer>): TeamRetailer => ({
  retailer_id: 'walmart',
  name: 'Walmart',
  status: 'active',
  enabled: false,
  link_id: null,
  link_visibility: null,
  link_audience: null,
  ...overrides,
});

const images = {
  logo: {
    light: `${BASE}/assets/retailers/walmart/logo-light.svg`,
    dark: `${BASE}/assets/retailers/walmart/logo-dark.svg`,
  },
  icon: {
    light: `${BASE}/assets/retailers/walmart/icon-light.svg`,
    dark: `${BASE}/assets/retailers/walmart/icon-dark.svg`,
  },
};

describe('toPublicRetailer', () => {
  it.each([
    {
      scenario: 'disabled: null link_url, no link settings keys',
      input: row({}),
      expected: {
        retailer_id: 'walmart',
        name: 'Walmart',
        images,
        status: 'active',
        enabled: false,
        link_url: null,
      },
    },
    {
      scenario: 'disabled with leftovers from sync-service: still hidden',
      input: row({ link_id: 'abc', link_visibility: 'hidden', status: 'limited' }),
      expected: {
        retailer_id: 'walmart',
        name: 'Walmart',
        images,
        status: 'limited',
        enabled: false,
        link_url: null,
      },
    },
    {
      scenario: 'enabled: link_url from the link id, settings present',
      input: row({
        enabled: true,
        link_id: 'Ab3dE5gH9k',
        link_visibility: 'restricted',
        link_audience: { allowed_emails: ['a@b.co'], allowed_domains: ['b.co'] },
      }),
      expected: {
        retailer_id: 'walmart',
        name: 'Walmart',
        images,
        status: 'active',
        enabled: true,
        link_url: `${BASE}/link/Ab3dE5gH9k`,
        link_visibility: 'restricted',
        link_audience: { allowed_emails: ['a@b.co'], allowed_domains: ['b.co'] },
      },
    },
    {
      scenario: 'enabled without stored settings: the defaults of a fresh enable',
      input: row({ enabled: true, link_id: 'Ab3dE5gH9k' }),
      expected: {
        retailer_id: 'walmart',
        name: 'Walmart',
        images,
        status: 'active',
        enabled: true,
        link_url: `${BASE}/link/Ab3dE5gH9k`,
        link_visibility: 'everyone',
        link_audience: { allowed_emails: [], allowed_domains: [] },
      },
    },
  ])('$scenario', ({ input, expected }) => {
    const publicRow = toPublicRetailer(input, BASE);
    expect(publicRow).toEqual(expected);
    // Absent, not undefined: JSON must not carry the keys of a disabled retailer.
    expect(Object.keys(JSON.parse(JSON.stringify(publicRow)))).toEqual(Object.keys(expected));
  });
});
