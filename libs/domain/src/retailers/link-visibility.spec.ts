import { isListedForShopper, type RetailerLinkSettings } from './link-visibility.js';

const settings = (overrides: Partial<RetailerLinkSettings>): RetailerLinkSettings => ({
  linkVisibility: 'restricted',
  allowedEmails: ['vip@example.com'],
  allowedDomains: ['brand.test'],
  ...overrides,
});

describe('isListedForShopper', () => {
  it.each<[string, Partial<RetailerLinkSettings>, string | null, boolean]>([
    ['everyone, shopper unknown', { linkVisibility: 'everyone' }, null, true],
    ['everyone, any shopper', { linkVisibility: 'everyone' }, 'jo@else.test', true],
    ['hidden, even for an audience member', { linkVisibility: 'hidden' }, 'vip@example.com', false],
    ['restricted, email in the audience', {}, 'vip@example.com', true],
    ['restricted, email matched ignoring case and spaces', {}, '  VIP@Example.COM ', true],
    ['restricted, domain in the audience', {}, 'anyone@brand.test', true],
    ['restricted, domain matched ignoring case', {}, 'Anyone@BRAND.test', true],
    ['restricted, a subdomain is another domain', {}, 'anyone@mail.brand.test', false],
    ['restricted, parent of an allowed email domain', {}, 'other@example.com', false],
    ['restricted, outsider', {}, 'jo@else.test', false],
    ['restricted, shopper email unknown', {}, null, false],
    ['restricted, not an email', {}, 'brand.test', false],
    ['restricted, empty domain', {}, 'jo@', false],
    ['restricted, domain without local part', { allowedDomains: ['brand.test'] }, '@brand.test', false],
  ])('%s', (_name, overrides, email, listed) => {
    expect(isListedForShopper(settings(overrides), email)).toBe(listed);
  });
});
