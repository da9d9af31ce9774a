import { Controller, Delete, Get, Param, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { type Request } from 'express';
import { CATALOG_LIMITS } from '@cps/domain';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import { MatchingClient } from '../clients/matching.client.js';
import { ApiEndpoint } from '../openapi/api-endpoint.decorator.js';
import { uploadedRows } from './catalog-upload.js';
import {
  ListProductsQuery,
  ProductListResponse,
  ProductPath,
  ProductResponse,
  ProductRowBody,
  UpsertProductsResponse,
} from './dto/product.dto.js';
import { UploadCatalogUseCase } from './upload-catalog.use-case.js';

const CSV_EXAMPLE = [
  'product_id,name,brand,upc,sku,sku:walmart,sku:target,group',
  ',"Acme Ultra Dish Soap, Lemon, 12 oz",Acme,036000291452,ACME-DS-12,5551234,082-01-1234,dish-care',
].join('\n');

/** The brand catalog: matching-service keeps it and matches purchased items to it. */
@Controller('products')
@ApiTags('Products')
export class ProductsController {
  constructor(
    private readonly matching: MatchingClient,
    private readonly upload: UploadCatalogUseCase,
  ) {}

  @Put()
  @Access({ apiKey: true, oauth: 'products:write' })
  @ApiConsumes('application/json', 'text/csv')
  @ApiExtraModels(ProductRowBody)
  @ApiBody({
    description:
      `1 to ${CATALOG_LIMITS.rows} rows: a JSON array of products, or CSV with a header row (columns product_id, ` +
      'name, brand, upc or gtin, sku, group, and `sku:<retailer_id>` for a SKU at one retailer; empty cells are ' +
      'absent values).',
    required: true,
    // One schema for both media types: the JSON array, or the CSV text.
    schema: {
      oneOf: [
        {
          type: 'array',
          minItems: 1,
          maxItems: CATALOG_LIMITS.rows,
          items: { $ref: getSchemaPath(ProductRowBody) },
        },
        { type: 'string', description: 'text/csv', example: CSV_EXAMPLE },
      ],
    },
  })
  @ApiEndpoint({
    summary: 'Create or update products in bulk',
    description:
      'Each row is created, updated, left `unchanged` or `rejected` with its reasons (bad check digit, a key ' +
      'repeated in the file, a key of another product, ...); a rejected row changes nothing and the others still ' +
      'apply. A row states the whole product: fields it leaves out are cleared. Uploading the same file again ' +
      'answers `unchanged` for every row. Purchases of the last 90 days are then matched again.',
    status: 200,
    response: UpsertProductsResponse,
  })
  @ApiResponse({ status: 413, description: 'Body over 16 MB' })
  @ApiResponse({ status: 415, description: 'Neither JSON nor CSV' })
  upsert(@Caller() caller: Principal, @Req() request: Request) {
    return this.upload.execute(caller.teamId, uploadedRows(request.body));
  }

  @Get()
  @Access({ apiKey: true, oauth: 'products:read' })
  @ApiEndpoint({ summary: 'List products', description: 'Oldest first.', status: 200, response: ProductListResponse })
  list(@Caller() caller: Principal, @Query() query: ListProductsQuery) {
    return this.matching.listProducts({ teamId: caller.teamId, ...query });
  }

  @Get(':product_id')
  @Access({ apiKey: true, oauth: 'products:read' })
  @ApiEndpoint({ summary: 'Get a product', status: 200, response: ProductResponse })
  get(@Caller() caller: Principal, @Param() path: ProductPath) {
    return this.matching.getProduct({ teamId: caller.teamId, productId: path.product_id });
  }

  @Delete(':product_id')
  @Access({ apiKey: true, oauth: 'products:write' })
  @ApiEndpoint({
    summary: 'Delete a product',
    description: 'Items matched to it are matched again against the rest of the catalog.',
    status: 204,
    response: null,
  })
  async remove(@Caller() caller: Principal, @Param() path: ProductPath): Promise<void> {
    await this.matching.deleteProduct({ teamId: caller.teamId, productId: path.product_id });
  }
}
