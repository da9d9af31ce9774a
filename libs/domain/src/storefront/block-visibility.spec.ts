import { isBlockVisible, restrictedRetailerIds, type BlockVisibilityRule } from './block-visibility.js';

const rule = (audience: BlockVisibilityRule['audience'], extra: Partial<BlockVisibilityRule> = {}) => ({
  audience,
  customerTags: [],
  emailDomains: [],
  ...extra,
});
const jo = { email: 'Jo@Example.com', tags: [' VIP ', 'wholesale'] };

describe('isBlockVisible', () => {
  it.each([
    ['everyone, signed out', rule('everyone'), null, true],
    ['everyone, signed in', rule('everyone'), jo, true],
    ['signed_in, signed out', rule('signed_in'), null, false],
    ['signed_in, signed in', rule('signed_in'), jo, true],
    ['hidden', rule('hidden'), jo, false],
    ['customer_tag, tag held (any case, blanks)', rule('customer_tag', { customerTags: ['vip'] }), jo, true],
    ['customer_tag, tag not held', rule('customer_tag', { customerTags: ['staff'] }), jo, false],
    ['customer_tag, signed out', rule('customer_tag', { customerTags: ['vip'] }), null, false],
    ['email_domain, domain matches', rule('email_domain', { emailDomains: ['example.com'] }), jo, true],
    ['email_domain, a subdomain does not', rule('email_domain', { emailDomains: ['mail.example.com'] }), jo, false],
    [
      'email_domain, email unknown',
      rule('email_domain', { emailDomains: ['example.com'] }),
      { email: null, tags: [] },
      false,
    ],
  ])('%s', (_name, given, customer, visible) => {
    expect(isBlockVisible(given, customer)).toBe(visible);
  });
});

describe('restrictedRetailerIds', () => {
  const retailers = [
    { retailer_id: 'walmart', link_visibility: null, link_audience: null },
    { retailer_id: 'target', link_visibility: 'everyone' as const, link_audience: null },
    { retailer_id: 'costco', link_visibility: 'hidden' as const, link_audience: null },
    {
      retailer_id: 'kroger',
      link_visibility: 'restricted' as const,
      link_audience: { allowed_emails: [], allowed_domains: ['example.com'] },
    },
    {
      retailer_id: 'cvs',
      link_visibility: 'restricted' as const,
      link_audience: { allowed_emails: ['jo@example.com'], allowed_domains: [] },
    },
  ];

  it('hides hidden retailers and restricted ones outside their audience', () => {
    expect(restrictedRetailerIds(retailers, 'jo@example.com')).toEqual(['costco']);
    expect(restrictedRetailerIds(retailers, 'sam@other.com')).toEqual(['costco', 'kroger', 'cvs']);
    expect(restrictedRetailerIds(retailers, null)).toEqual(['costco', 'kroger', 'cvs']);
  });
});
