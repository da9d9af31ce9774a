import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { SyncContracts } from '@cps/contracts';

type RetailerListScope = (typeof SyncContracts.RETAILER_LIST_SCOPES)[number];

export class ListRetailersQuery extends PickType(SyncContracts.ListRetailersRequest, ['include'] as const) {
  @ApiPropertyOptional({
    enum: SyncContracts.RETAILER_LIST_SCOPES,
    default: 'enabled',
    description: '`enabled` (default): the retailers configured for your team; `all`: every active retailer',
  })
  override include: RetailerListScope = 'enabled';
}
