import { Body, Controller, Get, Post, Query, Res, UseGuards } from '@nestjs/common';
import { MatchingContracts } from '@cps/contracts';
import {
  CATALOG_LIMITS,
  CatalogUploadRefused,
  catalogRowsFromCsv,
  catalogUploadSummary,
  checkCatalogRowCount,
  planCatalogUpload,
  printedGtin,
} from '@cps/domain';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { field, notice, when, type Form } from '../web/forms.js';
import { html, table, type Html } from '../web/html.js';
import { csrfField, page } from '../web/layout.js';

/** A batch to matching-service stays well under NATS' 1 MB message limit (as the gateway's upload). */
const BATCH_BYTES = 512 * 1024;

type Summary = ReturnType<typeof catalogUploadSummary<MatchingContracts.RowResult>>;

/**
 * Catalog: a CSV upload with every row's result, by the rules of `PUT /products` (@cps/domain's
 * catalogRowsFromCsv, checkCatalogRowCount and planCatalogUpload, the same code the gateway runs; matching-service's
 * `matching.upsert-products.v1` applies each batch), and the team's products.
 */
@Controller('catalog')
@UseGuards(SignedIn)
export class CatalogController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async list(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    res.type('html').send(await this.render(viewer, field(query, 'starting_after'), notice(query), null, null));
  }

  @Post('upload')
  async upload(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    let rows: unknown[];
    try {
      rows = catalogRowsFromCsv(typeof form?.csv === 'string' ? form.csv : '');
      checkCatalogRowCount(rows);
    } catch (error) {
      if (!(error instanceof CatalogUploadRefused)) throw error;
      res
        .status(422)
        .type('html')
        .send(await this.render(viewer, '', null, `Catalog not uploaded: ${error.message}`, null));
      return;
    }
    const plan = planCatalogUpload(rows, { maxRows: MatchingContracts.UPSERT_BATCH_MAX_ROWS, maxBytes: BATCH_BYTES });
    const results: MatchingContracts.RowResult[] = [...plan.rejected];
    for (const batch of plan.batches) {
      const answer = await this.rpc.request(MatchingContracts.upsertProducts, { teamId: viewer.teamId, rows: batch });
      results.push(...answer.results);
    }
    const summary = catalogUploadSummary(results);
    // As `PUT /products`: 200 with every row's result, rejected rows included.
    res
      .type('html')
      .send(await this.render(viewer, '', 'The catalog was uploaded: every row’s result is below.', null, summary));
  }

  private async render(
    viewer: SignedInViewer,
    startingAfter: string,
    noticeText: string | null,
    error: string | null,
    summary: Summary | null,
  ): Promise<string> {
    const { products, has_more } = await this.rpc.request(MatchingContracts.listProducts, {
      teamId: viewer.teamId,
      limit: 50,
      ...(startingAfter ? { starting_after: startingAfter } : {}),
    });
    const last = products.at(-1);
    return page(
      viewer,
      { title: 'Catalog', section: '/catalog', notice: noticeText, error },
      html`${summary ? this.results(summary) : ''}
        <form method="post" action="/catalog/upload" class="card">
          ${csrfField(viewer)}
          <p>
            The rules of <code>PUT /products</code>: a header row naming the columns (<code>product_id</code>,
            <code>name</code>, <code>brand</code>, <code>upc</code> or <code>gtin</code>, <code>sku</code>,
            <code>group</code>, and <code>sku:&lt;retailer_id&gt;</code>), then one product a line. A row states the
            whole product; a rejected row changes nothing and the others still apply. Up to ${CATALOG_LIMITS.rows} rows
            (about 100 KB here; larger files through the API).
          </p>
          <label for="catalog-file">CSV file</label
          ><input id="catalog-file" type="file" accept=".csv,text/csv" data-file-into="catalog-csv" />
          <label for="catalog-csv">CSV text (the chosen file, or paste it)</label>
          <textarea id="catalog-csv" name="csv" rows="8" required class="mono"></textarea>
          <div class="actions"><button type="submit">Upload catalog</button></div>
        </form>
        <h2>Products</h2>
        <div class="card">
          ${
            products.length === 0
              ? html`<p>No products yet.</p>`
              : table(
                  ['Name', 'Brand', 'UPC / EAN', 'SKU', 'Retailer SKUs', 'Group', 'Updated'],
                  products.map((product) => [
                    html`<span title="${product.product_id}">${product.name}</span>`,
                    product.brand,
                    product.upc ? html`<span class="mono">${printedGtin(product.upc)}</span>` : '',
                    product.sku,
                    Object.entries(product.skus)
                      .map(([retailer, sku]) => `${retailer}: ${sku}`)
                      .join(', '),
                    product.group,
                    when(product.updated_at),
                  ]),
                  undefined,
                  'products',
                )
          }
          ${
            has_more && last
              ? html`<p><a href="/catalog?starting_after=${encodeURIComponent(last.product_id)}">Next products</a></p>`
              : ''
          }
        </div>`,
    );
  }

  private results(summary: Summary): Html {
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
}
