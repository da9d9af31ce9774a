import { html, table } from './html.js';
import { tableOf } from './table-csv.js';

describe('tableOf', () => {
  const page = html`<main>
    ${table(['Name', html`<abbr title="Quantity">Qty</abbr>`], [['plain', 1]], 'other')}
    ${table(
      ['Product', 'Units', 'Action'],
      [
        ['Fizz "Lime", 12 pk', 3, html`<form method="post"><button>Remove</button></form>`],
        ['=HYPERLINK("x")', 1, null],
        [html`<a href="/p/1">Café &amp; <strong>Co</strong></a>`, 0, ''],
      ],
      'Top products',
      'top-products',
    )}
  </main>`.value;

  it('reads the named table as the reader sees it: text of links, no action buttons, entities decoded', () => {
    expect(tableOf(page, 'top-products')).toEqual({
      headers: ['Product', 'Units', 'Action'],
      rows: [
        ['Fizz "Lime", 12 pk', '3', ''],
        ['=HYPERLINK("x")', '1', ''],
        ['Café & Co', '0', ''],
      ],
    });
  });

  it('finds no table by an unknown or malformed name', () => {
    expect(tableOf(page, 'missing')).toBeNull();
    expect(tableOf(page, 'top-products"')).toBeNull();
  });

  it('links a named table to its CSV', () => {
    expect(page).toContain('<a href="?format=csv&amp;table=top-products" download>Download CSV</a>');
  });
});
