import { ApiProperty, ApiPropertyOptional, OmitType, PickType } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { SyncContracts } from '@cps/contracts';

type SimulatedStatus = (typeof SyncContracts.SIMULATED_CONNECTION_STATUSES)[number];

// The fields restate the contract's rules (see connection.dto.ts); the swagger plugin documents them.
export class CreateSimulatedConnectionBody extends OmitType(SyncContracts.CreateSimulatedConnectionRequest, [
  'actor',
  'teamId',
] as const) {
  /** @example walmart */
  @IsString() @MinLength(1) @MaxLength(64) override retailer_id!: string;
  /** @example cust_test */
  @IsString() @MinLength(1) @MaxLength(64) override customer_id?: string;
  @IsString() @MaxLength(254) override email?: string | null;
  @IsString() @MaxLength(16) override mobile?: string | null;

  @ApiPropertyOptional({ default: true, description: '1-4 back-dated purchases, the history of a first link' })
  override include_purchases?: boolean;
}

export class UpdateSimulatedConnectionBody extends PickType(SyncContracts.UpdateSimulatedConnectionRequest, [
  'status',
] as const) {
  /** `unauthenticated` simulates a lost retailer session (`connection.unauthenticated`); `active` a re-link (`connection.activated`, `first_activation: false`) @example unauthenticated */
  @ApiProperty({ enum: SyncContracts.SIMULATED_CONNECTION_STATUSES }) override status!: SimulatedStatus;
}
