import { Controller, Get, Res } from '@nestjs/common';
import { type Response } from 'express';
import { z } from 'zod';
import { PublicAccess } from '../auth/access-policy.js';
import { ValidPath } from '../http/request-parts.decorator.js';
import { ApiTag, Endpoint } from '../openapi/endpoint.decorator.js';
import { described } from '../openapi/schema-registry.js';
import { GetRetailerImageUseCase } from './get-retailer-image.use-case.js';

// Any strings: an unknown retailer or file is a 404.
const imagePathSchema = z.object({
  retailer_id: described(z.string(), 'Retailer id'),
  file: described(z.string(), '`logo-light.svg`, `logo-dark.svg`, `icon-light.svg` or `icon-dark.svg`'),
});

/** Public images referenced by Retailer rows; no API key (they are shown in browsers and link pages). */
@Controller('assets')
@ApiTag('Assets')
export class AssetsController {
  constructor(private readonly getRetailerImage: GetRetailerImageUseCase) {}

  @Get('retailers/:retailer_id/:file')
  @PublicAccess()
  @Endpoint({
    summary: 'Retailer image',
    description: 'The SVG images that Retailer rows link to.',
    status: 200,
    response: z.string(),
    contentType: 'image/svg+xml',
    errors: [404, 503],
  })
  async retailerImage(
    @ValidPath(imagePathSchema) path: z.output<typeof imagePathSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const svg = await this.getRetailerImage.execute(path.retailer_id, path.file);
    // Set only on success, so a 404 is neither cached for a day nor labelled as an image.
    response.set({
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    return svg;
  }
}
