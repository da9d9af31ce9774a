import { escapeHtml } from './escape-html.js';

describe('escapeHtml', () => {
  it('writes the characters that could end text or a quoted attribute as entities, and leaves the rest', () => {
    expect(escapeHtml(`<a href="x" title='y'>&\`</a> café`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#96;&#60;/a&#62; café',
    );
  });
});
