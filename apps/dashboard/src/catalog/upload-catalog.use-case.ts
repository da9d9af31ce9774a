import { Injectable } from '@nestjs/common';
import { MatchingContracts } from '@cps/contracts';
import { catalogRowsFromCsv, catalogUploadSummary, checkCatalogRowCount, planCatalogUpload } from '@cps/domain';
import { RpcClient } from '@cps/messaging';

/** A batch to matching-service stays well under NATS' 1 MB message limit (as the gateway's upload). */
const BATCH_BYTES = 512 * 1024;

export type CatalogUploadSummary = ReturnType<typeof catalogUploadSummary<MatchingContracts.RowResult>>;

/**
 * A CSV upload by the rules of `PUT /products` (@cps/domain's catalogRowsFromCsv, checkCatalogRowCount and
 * planCatalogUpload, the same code the gateway runs; matching-service's `matching.upsert-products.v1` applies each
 * batch): every row's result, rejected rows included. A file the rules refuse as a whole throws CatalogUploadRefused.
 */
@Injectable()
export class UploadCatalog {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, csv: string): Promise<CatalogUploadSummary> {
    const rows = catalogRowsFromCsv(csv);
    checkCatalogRowCount(rows);
    const plan = planCatalogUpload(rows, { maxRows: MatchingContracts.UPSERT_BATCH_MAX_ROWS, maxBytes: BATCH_BYTES });
    const results: MatchingContracts.RowResult[] = [...plan.rejected];
    for (const batch of plan.batches) {
      const answer = await this.rpc.request(MatchingContracts.upsertProducts, { teamId, rows: batch });
      results.push(...answer.results);
    }
    return catalogUploadSummary(results);
  }
}
