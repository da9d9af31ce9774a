import { Injectable } from '@nestjs/common';
import { MatchingContracts } from '@cps/contracts';
import { catalogUploadSummary, planCatalogUpload } from '@cps/domain';
import { requestIdempotencyKey } from '@cps/messaging';
import { MatchingClient } from '../clients/matching.client.js';
import { type UpsertProductsResponse } from './dto/product.dto.js';

/** A batch stays well under NATS' 1 MB message limit. */
const BATCH_BYTES = 512 * 1024;

type RowResult = MatchingContracts.RowResult;

/**
 * A catalog upload: every row is checked here (types, check digits, keys repeated in the file: planCatalogUpload
 * of @cps/domain, the same rules for CSV and JSON, shared with the dashboard); the good rows go to matching-service in batches, each applied
 * in one transaction there. A row is applied whole or not at all; a batch lost to a failure is applied by retrying
 * the upload (rows already applied then answer `unchanged`; with an Idempotency-Key, the batches that were
 * answered are replayed).
 */
@Injectable()
export class UploadCatalogUseCase {
  constructor(private readonly matching: MatchingClient) {}

  async execute(teamId: string, inputs: unknown[]): Promise<UpsertProductsResponse> {
    const plan = planCatalogUpload(inputs, { maxRows: MatchingContracts.UPSERT_BATCH_MAX_ROWS, maxBytes: BATCH_BYTES });
    const results: RowResult[] = [...plan.rejected];
    const key = requestIdempotencyKey.getStore();
    for (const [index, rows] of plan.batches.entries()) {
      const send = () => this.matching.upsertProducts({ teamId, rows });
      // Each batch is its own request to matching-service, so each gets its own key derived from the client's.
      const answer = key ? await requestIdempotencyKey.run(`${key}:${index}`, send) : await send();
      results.push(...answer.results);
    }
    return catalogUploadSummary(results);
  }
}
