import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { SyncContracts } from '@cps/contracts';

type SimulatedStatus = (typeof SyncContracts.SIMULATED_CONNECTION_STATUSES)[number];

export class CreateSimulatedConnectionBody extends PickType(SyncContracts.CreateSimulatedConnectionRequest, [
  'retailer_id',
  'customer_id',
  'email',
  'mobile',
  'include_purchases',
] as const) {
  @ApiProperty({ minLength: 1, maxLength: 64, example: 'walmart' })
  @IsString() // restated: see connection.dto.ts
  @MinLength(1)
  @MaxLength(64)
  override retailer_id!: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 64, example: 'cust_test' })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  override customer_id?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 254 })
  @IsString()
  @MaxLength(254)
  override email?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 16 })
  @IsString()
  @MaxLength(16)
  override mobile?: string | null;

  @ApiPropertyOptional({ default: true, description: '1-4 back-dated purchases, the history of a first link' })
  override include_purchases?: boolean;
}

export class UpdateSimulatedConnectionBody extends PickType(SyncContracts.UpdateSimulatedConnectionRequest, [
  'status',
] as const) {
  @ApiProperty({
    enum: SyncContracts.SIMULATED_CONNECTION_STATUSES,
    description:
      '`unauthenticated` simulates a lost retailer session (`connection.unauthenticated`); `active` a re-link ' +
      '(`connection.activated`, `first_activation: false`)',
    example: 'unauthenticated',
  })
  override status!: SimulatedStatus;
}
