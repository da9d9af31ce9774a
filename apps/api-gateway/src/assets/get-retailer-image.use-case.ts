import { Injectable, NotFoundException } from '@nestjs/common';
import { RetailerCatalog } from './retailer-catalog.js';
import { parseImageFile, renderRetailerImage } from './retailer-image.js';

@Injectable()
export class GetRetailerImageUseCase {
  constructor(private readonly catalog: RetailerCatalog) {}

  /** The SVG document for `/assets/retailers/{retailerId}/{file}`; 404 for an unknown retailer or file. */
  async execute(retailerId: string, file: string): Promise<string> {
    const image = parseImageFile(file);
    if (!image) throw new NotFoundException({ detail: 'Not Found' });
    const retailer = await this.catalog.find(retailerId);
    if (!retailer) throw new NotFoundException({ detail: 'Not Found' });
    return renderRetailerImage({ name: retailer.name, brandColor: retailer.brand_color }, image.kind, image.theme);
  }
}
