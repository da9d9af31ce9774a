import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { type Response } from 'express';
import { PublicAccess } from '../auth/access-policy.js';
import { ApiEndpoint } from '../openapi/api-endpoint.decorator.js';
import { GetRetailerImageUseCase } from './get-retailer-image.use-case.js';

/** Any strings: an unknown retailer or file is a 404. */
class RetailerImagePath {
  @ApiProperty({ description: 'Retailer id', example: 'walmart' })
  @IsString()
  retailer_id!: string;

  @ApiProperty({
    description: '`logo-light.svg`, `logo-dark.svg`, `icon-light.svg` or `icon-dark.svg`',
    example: 'logo-light.svg',
  })
  @IsString()
  file!: string;
}

/** Public images referenced by Retailer rows; no API key (they are shown in browsers and link pages). */
@Controller('assets')
@ApiTags('Assets')
export class AssetsController {
  constructor(private readonly getRetailerImage: GetRetailerImageUseCase) {}

  @Get('retailers/:retailer_id/:file')
  @PublicAccess()
  @ApiEndpoint({
    summary: 'Retailer image',
    description: 'The SVG images that Retailer rows link to.',
    status: 200,
    response: { contentType: 'image/svg+xml', description: 'The image' },
    errors: [404, 503],
  })
  async retailerImage(
    @Param() path: RetailerImagePath,
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
