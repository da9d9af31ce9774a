import { type SyncContracts } from '@cps/contracts';
import { errorMessage, pageFor } from './link-pages.js';

type View = SyncContracts.LinkSessionView;

const view = (overrides: Partial<View>): View => ({
  team_id: 'team-1',
  state: 'select_retailer',
  entry: 'link_token',
  retailers: [],
  can_choose_retailer: true,
  retailer: null,
  prefill_email: null,
  code_sent_to: null,
  error: null,
  connection_id: null,
  redirect_url: null,
  expires_at: '2026-03-01T12:30:00.000Z',
  history_window_days: 90, // consent given: the sign-in page follows
  current_history_window_days: null,
  ...overrides,
});

const CONTEXT = { basePath: '', csrf: 'csrf-token' };
const WALMART = { retailer_id: 'walmart', name: 'Walmart' };

describe('link pages', () => {
  it('lists the retailers as buttons of one CSRF-protected form, the first one focused', () => {
    const html = pageFor(view({ retailers: [WALMART, { retailer_id: 'target', name: 'Target' }] }), CONTEXT);
    expect(html).toContain(
      '<form method="post" action="/link/retailer"><input type="hidden" name="csrf" value="csrf-token">',
    );
    expect(html).toContain('name="retailer_id" value="walmart" autofocus');
    expect(html).toContain('/assets/retailers/target/icon-light.svg');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toMatch(/<script/i);
  });

  it('shows the retailer brand, prefills the email and announces errors', () => {
    const html = pageFor(
      view({
        state: 'sign_in',
        retailer: WALMART,
        prefill_email: 'jo@example.com',
        error: { code: 'invalid_credentials', retryable: true, attempts_left: 2 },
      }),
      { basePath: '/api', csrf: 'c' },
    );
    expect(html).toContain('<img src="/api/assets/retailers/walmart/logo-light.svg" alt="Walmart">');
    expect(html).toContain('action="/api/link/sign-in"');
    expect(html).toContain('value="jo@example.com"');
    expect(html).toContain('autocomplete="current-password" autofocus');
    expect(html).toContain('role="alert"');
    expect(html).toContain('2 attempts left.');
    expect(html).toContain('Choose another store');
  });

  it('escapes everything it shows', () => {
    const html = pageFor(
      view({
        state: 'one_time_code',
        retailer: { retailer_id: 'walmart', name: '<b>Mart</b>' },
        code_sent_to: '"><script>alert(1)</script>',
      }),
      CONTEXT,
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;b&#62;Mart&#60;/b&#62;');
    expect(html).toContain('autocomplete="one-time-code"');
  });

  it('offers a retry only for retryable errors', () => {
    const retryable = pageFor(
      view({
        state: 'error',
        retailer: WALMART,
        error: { code: 'retailer_unavailable', retryable: true, attempts_left: null },
      }),
      CONTEXT,
    );
    expect(retryable).toContain('Try again');
    expect(retryable).toContain('name="retailer_id" value="walmart"');
    const final = pageFor(
      view({
        state: 'error',
        retailer: WALMART,
        error: { code: 'link_unavailable', retryable: false, attempts_left: null },
      }),
      CONTEXT,
    );
    expect(final).not.toContain('Try again');
    expect(final).toContain('Go back');
  });

  it('has a message for every error code', () => {
    for (const code of [
      'invalid_credentials',
      'invalid_code',
      'challenge_expired',
      'retailer_unavailable',
      'too_many_attempts',
      'link_unavailable',
      'connection_unavailable',
    ] as const) {
      expect(
        errorMessage(view({ retailer: WALMART, error: { code, retryable: false, attempts_left: null } })),
      ).toBeTruthy();
    }
  });

  it('ends with a Continue button on success', () => {
    const html = pageFor(view({ state: 'succeeded', retailer: WALMART, connection_id: 'C1' }), CONTEXT);
    expect(html).toContain('Your Walmart account is linked');
    expect(html).toContain('action="/link/exit"');
  });

  it('returns to redirect_url by itself after success (a meta refresh, no script), only when there is one', () => {
    const back = pageFor(
      view({ state: 'succeeded', retailer: WALMART, connection_id: 'C1', redirect_url: 'https://brand.test/x' }),
      CONTEXT,
    );
    expect(back).toContain('<meta http-equiv="refresh" content="2;url=/link/done">');
    expect(back).not.toContain('<script');
    const nowhere = pageFor(view({ state: 'succeeded', retailer: WALMART, connection_id: 'C1' }), CONTEXT);
    expect(nowhere).not.toContain('http-equiv="refresh"');
  });

  it('says why the shopper signs in again when re-authenticating', () => {
    const html = pageFor(view({ state: 'sign_in', retailer: WALMART }), { ...CONTEXT, reauthentication: true });
    expect(html).toContain('Your Walmart sign-in stopped working');
    expect(pageFor(view({ state: 'sign_in', retailer: WALMART }), CONTEXT)).not.toContain('stopped working');
  });

  it('offers the way back from a cancelled flow when redirect_url is known', () => {
    const html = pageFor(view({ state: 'cancelled', redirect_url: 'https://brand.test/x' }), CONTEXT);
    expect(html).toContain('href="https://brand.test/x?link_result=cancelled"');
    expect(html).toContain('Go back to brand.test');
  });
});

describe('brand on the link pages', () => {
  it('names the brand the shopper links to, escaped', () => {
    const html = pageFor(view({}), { basePath: '', csrf: 'c', brandName: 'Acme <Shoes>' });
    expect(html).toContain('Linking your account to <strong>Acme &#60;Shoes&#62;</strong>');
  });

  it("shows the brand's logo when it has one", () => {
    const html = pageFor(view({}), {
      basePath: '',
      csrf: 'c',
      brandName: 'Acme',
      brandLogoUrl: 'https://cdn.acme.test/logo.svg?a=1&b=2',
    });
    expect(html).toContain('<img class="brand-logo" src="https://cdn.acme.test/logo.svg?a=1&#38;b=2" alt=""');
    expect(pageFor(view({}), { basePath: '', csrf: 'c', brandName: 'Acme' })).not.toContain('class="brand-logo"');
  });

  it('still renders without a known brand', () => {
    expect(pageFor(view({}), { basePath: '', csrf: 'c', brandName: null })).toContain('Secure account linking');
  });

  describe('the consent step', () => {
    const atConsent = (overrides: Partial<View> = {}) =>
      view({ state: 'sign_in', retailer: WALMART, history_window_days: null, ...overrides });
    const sharing = { offeredHistoryWindowDays: 365, privacyPolicyUrl: 'https://brand.test/privacy?a=1&b=2' };

    it('comes before the sign-in: what the brand sees, the windows it may see, its privacy page', () => {
      const html = pageFor(atConsent(), { ...CONTEXT, brandName: 'Acme', sharing });
      expect(html).toContain('<h1>Choose what Acme can see</h1>');
      expect(html).not.toContain('name="password"');
      expect(html).toContain('<form method="post" action="/link/consent">');
      const choices = [...html.matchAll(/name="history_window_days" value="(\d+)"( checked)?/g)];
      expect(choices.map((match) => [match[1], match[2] !== undefined])).toEqual([
        ['365', true],
        ['90', false],
        ['30', false],
        ['0', false],
      ]);
      expect(html).toContain('(asked for by Acme)');
      expect(html).toContain(
        '<a href="https://brand.test/privacy?a=1&#38;b=2" target="_blank" rel="noopener noreferrer">Acme&#39;s privacy policy</a>',
      );
      expect(html).toContain('Choose another store');
      expect(html).not.toMatch(/<script/i);
    });

    it('offers nothing wider than the brand asks for, and no privacy link when the brand has none', () => {
      const html = pageFor(atConsent(), {
        ...CONTEXT,
        brandName: 'Acme',
        sharing: { offeredHistoryWindowDays: 45, privacyPolicyUrl: null },
      });
      expect([...html.matchAll(/name="history_window_days" value="(\d+)"/g)].map((m) => m[1])).toEqual([
        '45',
        '30',
        '0',
      ]);
      expect(html).not.toContain('privacy policy');
    });

    it("starts a re-link from the connection's current choice", () => {
      const html = pageFor(atConsent({ current_history_window_days: 30, can_choose_retailer: false }), {
        ...CONTEXT,
        sharing,
      });
      expect(html).toContain('name="history_window_days" value="30" checked');
      expect(html).not.toContain('value="365" checked');
      expect(html).not.toContain('Choose another store');
    });
  });
});
