import { cardPage } from './card-page.js';

describe('cardPage', () => {
  it('escapes the title and keeps the style, head and body as given', () => {
    const page = cardPage('<Link> & go', 'p{color:red}', '<p>hi</p>', '<meta name="x">');
    expect(page).toContain('<title>&#60;Link&#62; &#38; go</title><style>p{color:red}</style></head>');
    expect(page).toContain('<meta charset="utf-8"><meta name="x">\n');
    expect(page).toContain('<div class="card">\n<p>hi</p>\n</div>');
    expect(page.startsWith('<!doctype html>\n')).toBe(true);
  });
});
