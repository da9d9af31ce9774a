import { Controller, Get, Param, Res } from '@nestjs/common';
import { type Response } from 'express';
import { GetRetailerImageUseCase } from './get-retailer-image.use-case.js';

/** Public images referenced by Retailer rows; no API key (they are shown in browsers and link pages). */
@Controller('assets')
export class AssetsController {
  constructor(private readonly getRetailerImage: GetRetailerImageUseCase) {}

  @Get('retailers/:retailer_id/:file')
  async retailerImage(
    @Param('retailer_id') retailerId: string,
    @Param('file') file: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const svg = await this.getRetailerImage.execute(retailerId, file);
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
