import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { SyncContracts } from '@cps/contracts';

type RetailerListScope = (typeof SyncContracts.RETAILER_LIST_SCOPES)[number];

export class ListRetailersQuery extends PickType(SyncContracts.ListRetailersRequest, ['include'] as const) {
  /** `enabled` (default): the retailers configured for your team; `all`: every active retailer */
  @ApiPropertyOptional({ enum: SyncContracts.RETAILER_LIST_SCOPES }) override include: RetailerListScope = 'enabled';
}
