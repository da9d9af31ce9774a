import { Post, Res } from '@nestjs/common';
import { CatalogUploadRefused } from '@cps/domain';
import { type Response } from 'express';
import { CurrentViewer, type SignedInViewer } from '../session/viewer.js';
import { DashboardPage, FormQuery, PagedQuery, ShowPage, Posted } from '../web/form-input.js';
import { catalogPage } from './catalog.view.js';
import { CatalogUploadForm } from './dto/catalog-upload.form.dto.js';
import { ShowCatalog } from './show-catalog.use-case.js';
import { UploadCatalog } from './upload-catalog.use-case.js';
import { sendPage } from '../web/refusals.js';

/** Catalog: a CSV upload with every row's result, by the rules of `PUT /products`, and the team's products. */
@DashboardPage('catalog')
export class CatalogController {
  constructor(
    private readonly catalog: ShowCatalog,
    private readonly uploadCatalog: UploadCatalog,
  ) {}

  @ShowPage()
  async list(@CurrentViewer() viewer: SignedInViewer, @FormQuery(PagedQuery) query: PagedQuery) {
    return catalogPage(viewer, await this.catalog.execute(viewer.teamId, query.starting_after), {
      notice: query.text,
    });
  }

  @Post('upload')
  async upload(@Posted({ form: CatalogUploadForm }) { viewer, form }: Posted<CatalogUploadForm>, @Res() res: Response) {
    let summary;
    try {
      summary = await this.uploadCatalog.execute(viewer.teamId, form.csv);
    } catch (error) {
      if (!(error instanceof CatalogUploadRefused)) throw error;
      const products = await this.catalog.execute(viewer.teamId, '');
      sendPage(res, 422, catalogPage(viewer, products, { error: `Catalog not uploaded: ${error.message}` }));
      return;
    }
    // As `PUT /products`: 200 with every row's result, rejected rows included.
    res
      .type('html')
      .send(
        catalogPage(
          viewer,
          await this.catalog.execute(viewer.teamId, ''),
          { notice: 'The catalog was uploaded: every row’s result is below.' },
          summary,
        ),
      );
  }
}
