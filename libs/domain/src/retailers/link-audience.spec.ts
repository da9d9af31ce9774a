import { checkDomain, checkEmail } from './link-audience.js';

describe('checkEmail', () => {
  it.each<[string, string]>([
    ['vip@example.com', 'vip@example.com'],
    ['VIP@Example.COM', 'vip@example.com'],
    ['  first.last+tag@mail.example.co.uk ', 'first.last+tag@mail.example.co.uk'],
    ["o'brien@example.com", "o'brien@example.com"],
    ['a@xn--bcher-kva.example', 'a@xn--bcher-kva.example'],
    [`${'a'.repeat(64)}@example.com`, `${'a'.repeat(64)}@example.com`],
  ])('accepts %j as %j', (input, value) => {
    expect(checkEmail(input)).toEqual({ ok: true, value });
  });

  it.each<[string, string]>([
    ['', 'an email address is required'],
    ['   ', 'an email address is required'],
    ['example.com', 'an email address must have an @-sign'],
    ['@example.com', 'there must be something before the @-sign'],
    ['vip@', 'there must be something after the @-sign'],
    ['a@b@example.com', 'the part before the @-sign is not valid'],
    ['.vip@example.com', 'the part before the @-sign is not valid'],
    ['vip.@example.com', 'the part before the @-sign is not valid'],
    ['v..ip@example.com', 'the part before the @-sign is not valid'],
    ['v ip@example.com', 'the part before the @-sign is not valid'],
    ['"vip"@example.com', 'the part before the @-sign is not valid'],
    ['jörg@example.com', 'the part before the @-sign is not valid'],
    [`${'a'.repeat(65)}@example.com`, 'the part before the @-sign must be at most 64 characters'],
    ['vip@localhost', 'the part after the @-sign is not valid: a domain needs at least two labels, e.g. example.com'],
    ['vip@-example.com', expect.stringContaining('each label must be') as unknown as string],
    ['vip@example..com', expect.stringContaining('each label must be') as unknown as string],
    ['vip@10.0.0.1', 'the part after the @-sign is not valid: an IP address is not a domain'],
    ['vip@exämple.com', 'the part after the @-sign is not valid: use the ASCII (xn--) form of the domain'],
    [`a@${'b'.repeat(250)}.com`, 'at most 254 characters'],
  ])('refuses %j: %s', (input, reason) => {
    expect(checkEmail(input)).toEqual({ ok: false, reason });
  });
});

describe('checkDomain', () => {
  it.each<[string, string]>([
    ['example.com', 'example.com'],
    ['Example.COM', 'example.com'],
    [' mail.example.co.uk ', 'mail.example.co.uk'],
    ['my-shop.example', 'my-shop.example'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['123.example.com', '123.example.com'],
    [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`],
  ])('accepts %j as %j', (input, value) => {
    expect(checkDomain(input)).toEqual({ ok: true, value });
  });

  it.each<[string, string]>([
    ['', 'a domain is required'],
    ['https://example.com', 'a domain must not include a scheme'],
    ['http://example.com/path', 'a domain must not include a scheme'],
    ['vip@example.com', 'a domain must not include an @-sign'],
    ['@example.com', 'a domain must not include an @-sign'],
    ['example.com/path', 'a domain must not include a path'],
    ['example.com?x=1', 'a domain must not include a path'],
    ['example.com:8080', 'a domain must not include a port'],
    ['*.example.com', 'a domain must not include wildcards'],
    ['localhost', 'a domain needs at least two labels, e.g. example.com'],
    ['example.com.', expect.stringContaining('each label must be') as unknown as string],
    ['.example.com', expect.stringContaining('each label must be') as unknown as string],
    ['-shop.example.com', expect.stringContaining('each label must be') as unknown as string],
    ['shop-.example.com', expect.stringContaining('each label must be') as unknown as string],
    ['my_shop.example.com', expect.stringContaining('each label must be') as unknown as string],
    ['exa mple.com', expect.stringContaining('each label must be') as unknown as string],
    [`${'a'.repeat(64)}.com`, expect.stringContaining('each label must be') as unknown as string],
    ['192.168.0.1', 'an IP address is not a domain'],
    ['bücher.example', 'use the ASCII (xn--) form of the domain'],
    [`${'a.'.repeat(127)}com`, 'at most 253 characters'],
  ])('refuses %j: %s', (input, reason) => {
    expect(checkDomain(input)).toEqual({ ok: false, reason });
  });
});
