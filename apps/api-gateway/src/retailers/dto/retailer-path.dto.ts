import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

/** Any string: a value that is not a retailer slug names no retailer, which is a 404, not a 422. */
export class RetailerPath {
  @ApiProperty({ description: 'Retailer id, a lowercase slug (`walmart`)', example: 'walmart' })
  @IsString()
  retailer_id!: string;
}
