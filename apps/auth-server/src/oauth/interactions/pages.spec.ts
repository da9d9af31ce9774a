import { consentPage, loginPage, PLATFORM_NAME, teamPickerPage } from './pages.js';

const app = {
  appName: 'Claude <script>',
  redirectHost: 'claude.ai',
  account: { email: 'ann@brand.example', switchHref: '/oauth/interaction/u1?switch=1' },
};

describe('authorization pages', () => {
  it('the consent page names the platform, the app, the team, where it returns to and who is signed in', () => {
    const html = consentPage({
      ...app,
      action: '/oauth/interaction/u1/confirm',
      csrf: 'c',
      team: { id: 't1', name: 'Brand 1' },
      scopes: ['mcp:read', 'connections:write', 'unknown:scope'],
    });
    expect(html).toContain(PLATFORM_NAME);
    expect(html).toContain('Claude &#60;script&#62; wants access to Brand 1');
    expect(html).not.toContain('<script');
    expect(html).toContain('take you back to <strong>claude.ai</strong>');
    expect(html).toContain('Signed in as <strong>ann@brand.example</strong>');
    expect(html).toContain('href="/oauth/interaction/u1?switch=1">Use another account</a>');
    // Readable scopes, with the ones that change data marked; an unknown scope is shown as it is.
    expect(html).toContain('Ask questions about your data');
    expect(html).toMatch(/Change your connections<\/span>.*Can change data/);
    expect(html).not.toMatch(
      /Ask questions about your data<\/span>[^<]*<span class="detail">[^<]*<\/span><span class="changes">/,
    );
    expect(html).toContain('<code>unknown:scope</code>');
    // Primary and secondary actions in one form; the first hidden team field is the team consented to.
    expect(html).toMatch(
      /name="decision" value="allow">Allow<\/button>\n<button[^>]*value="deny" class="secondary">Deny/,
    );
    expect(/name="team" value="([^"]+)"/.exec(html)?.[1]).toBe('t1');
    expect(html).toContain('@media (prefers-color-scheme:dark)');
    expect(html).toContain('name="viewport"');
  });

  it('the sign-in page labels its fields, announces errors and, when switching, offers to keep the current user', () => {
    const html = loginPage({
      appName: 'Reviews Co',
      redirectHost: null,
      action: '/oauth/interaction/u1/login',
      csrf: 'c',
      email: 'bob@brand.example',
      error: 'Wrong email or password.',
      switching: { email: 'ann@brand.example', cancelHref: '/oauth/interaction/u1' },
    });
    expect(html).toContain('<h1>Sign in to authorize Reviews Co</h1>');
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('role="alert" id="problem">Wrong email or password.');
    expect(html).toMatch(/id="password"[^>]*aria-describedby="problem"[^>]*autofocus/);
    expect(html).toContain('You are signed in as <strong>ann@brand.example</strong>');
    expect(html).toContain('href="/oauth/interaction/u1">Keep using ann@brand.example</a>');
    expect(html).not.toContain('take you back');
  });

  it('the team picker offers every team as a labelled radio button, the first checked', () => {
    const html = teamPickerPage({
      ...app,
      action: '/oauth/interaction/u1',
      teams: [
        { id: 't1', name: 'Brand 1' },
        { id: 't2', name: 'Brand & Co' },
      ],
    });
    expect(html).toContain('<legend>Your teams</legend>');
    expect(html).toContain('<label class="choice"><input type="radio" name="team" value="t1" checked>Brand 1</label>');
    expect(html).toContain('<label class="choice"><input type="radio" name="team" value="t2">Brand &#38; Co</label>');
    expect(html).toContain('Signed in as <strong>ann@brand.example</strong>');
  });
});
