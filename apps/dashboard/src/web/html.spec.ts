import { HttpException } from '@nestjs/common';
import { AuthContracts, toMessage } from '@cps/contracts';
import { html, raw, table } from './html.js';
import { attempt, refusalText } from './refusals.js';

describe('dashboard markup', () => {
  it('escapes every interpolated value, but not markup made by html or raw', () => {
    const name = `<script>alert("x")</script>`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;">&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;</p>',
    );
    expect(html`<div>${html`<b>${'a&b'}</b>`}${raw('<i>ok</i>')}</div>`.value).toBe(
      '<div><b>a&#38;b</b><i>ok</i></div>',
    );
    expect(html`${[1, null, undefined, false, 'x']}`.value).toBe('1x');
  });

  it('renders a table with column headers, escaped cells and an optional caption', () => {
    const markup = table(['Name', 'Total'], [['<b>', 3]], 'Newest first').value.replace(/>\s+</g, '><');
    expect(markup).toMatch(/<caption class="muted">\s*Newest first\s*<\/caption>/);
    expect(markup).toContain('<th scope="col">Name</th><th scope="col">Total</th>');
    expect(markup).toContain('<td data-label="Name">&#60;b&#62;</td><td data-label="Total">3</td>');
  });

  it('turns a service refusal into words: a detail as it is, a 422 list as field: message', () => {
    expect(refusalText(new HttpException({ detail: 'retailer walmart is not enabled' }, 404))).toBe(
      'retailer walmart is not enabled',
    );
    const invalid = new HttpException(
      { detail: [{ loc: ['body', 'link_audience'], msg: 'restricted needs an email or a domain' }] },
      422,
    );
    expect(refusalText(invalid)).toBe('link_audience: restricted needs an email or a domain');
  });

  it('shows a request the contract refuses before it is sent as words, and throws other failures on', async () => {
    const refused = await attempt(async () =>
      toMessage(AuthContracts.SetTeamSharingRequest, { teamId: 't', historyWindowDays: 4000 }),
    );
    expect(refused).toEqual({ ok: false, error: expect.stringContaining('historyWindowDays') });
    await expect(attempt(() => Promise.reject(new HttpException({ detail: 'down' }, 503)))).rejects.toThrow();
  });
});
