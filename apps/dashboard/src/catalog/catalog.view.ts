import { CATALOG_LIMITS } from '@cps/domain';
import { when } from '../web/forms.js';
import { html, table, tableOr, type Html } from '../web/html.js';
import { csrfField, page, type PageMessages, type Viewer } from '../web/layout.js';
import { type CatalogView } from './show-catalog.use-case.js';
import { type CatalogUploadSummary } from './upload-catalog.use-case.js';

function uploadResults(summary: CatalogUploadSummary): Html {
  return html`<section class="card" aria-labelledby="upload-results">
    <h2 id="upload-results">Upload results</h2>
    <p id="upload-counts">
      ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.rejected}
      rejected.
    </p>
    ${table(
      ['Row', 'Result', 'Product id', 'Reasons'],
      summary.results.map((result) => [
        result.row,
        result.status,
        result.product_id ? html`<span class="mono">${result.product_id}</span>` : '',
        (result.errors ?? []).map((error) => `${error.field}: ${error.msg}`).join('; '),
      ]),
      undefined,
      'upload-results',
    )}
  </section>`;
}

export function catalogPage(
  viewer: Viewer,
  { products, next }: CatalogView,
  messages: PageMessages,
  summary?: CatalogUploadSummary,
): string {
  return page(
    viewer,
    { title: 'Catalog', section: '/catalog', ...messages },
    html`${summary ? uploadResults(summary) : ''}
      <form method="post" action="/catalog/upload" class="card">
        ${csrfField(viewer)}
        <p>
          The rules of <code>PUT /products</code>: a header row naming the columns (<code>product_id</code>,
          <code>name</code>, <code>brand</code>, <code>upc</code> or <code>gtin</code>, <code>sku</code>,
          <code>group</code>, and <code>sku:&lt;retailer_id&gt;</code>), then one product a line. A row states the whole
          product; a rejected row changes nothing and the others still apply. Up to ${CATALOG_LIMITS.rows} rows (about
          100 KB here; larger files through the API).
        </p>
        <label for="catalog-file">CSV file</label
        ><input id="catalog-file" type="file" accept=".csv,text/csv" data-file-into="catalog-csv" />
        <label for="catalog-csv">CSV text (the chosen file, or paste it)</label>
        <textarea id="catalog-csv" name="csv" rows="8" required class="mono"></textarea>
        <div class="actions"><button type="submit">Upload catalog</button></div>
      </form>
      <h2>Products</h2>
      <div class="card">
        ${tableOr(
          html`<p>No products yet.</p>`,
          ['Name', 'Brand', 'UPC / EAN', 'SKU', 'Retailer SKUs', 'Group', 'Updated'],
          products.map((product) => [
            html`<span title="${product.id}">${product.name}</span>`,
            product.brand,
            product.code ? html`<span class="mono">${product.code}</span>` : '',
            product.sku,
            product.retailerSkus,
            product.group,
            when(product.updatedAt),
          ]),
          undefined,
          'products',
        )}
        ${next ? html`<p><a href="/catalog?starting_after=${encodeURIComponent(next)}">Next products</a></p>` : ''}
      </div>`,
  );
}
