import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export type LoyaltyApi = 'points_api' | 'track_event' | 'webhook';
export const LOYALTY_APIS: readonly LoyaltyApi[] = ['points_api', 'track_event', 'webhook'];

export interface ReceivedCall {
  api: LoyaltyApi;
  idempotencyKey: string;
  customer: string | null;
  points: number | null;
  eventName: string | null;
  body: unknown;
}

export interface CallRow {
  id: string;
  api: LoyaltyApi;
  idempotency_key: string;
  customer: string | null;
  points: number | null;
  event_name: string | null;
  deliveries: number;
  first_received_at: string;
  last_received_at: string;
  body: unknown;
}

/** The calls the sandbox applied, once per idempotency key; a repeated key only counts one more delivery. */
@Injectable()
export class ReceivedCalls {
  /** The next N calls of an API answer this status instead (the admin's failure injection). */
  private readonly failures = new Map<LoyaltyApi, { remaining: number; status: number }>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Applies a call once: true when it is new, false when its key was applied before (a replay). */
  async apply(call: ReceivedCall): Promise<boolean> {
    const rows: Array<{ inserted: boolean }> = await this.db.query(
      `INSERT INTO sandbox_loyalty.calls (api, idempotency_key, customer, points, event_name, body)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (api, idempotency_key)
         DO UPDATE SET deliveries = calls.deliveries + 1, last_received_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [call.api, call.idempotencyKey, call.customer, call.points, call.eventName, JSON.stringify(call.body)],
    );
    return rows[0]!.inserted;
  }

  async list(api: LoyaltyApi | null): Promise<CallRow[]> {
    return this.db.query(
      `SELECT id, api, idempotency_key, customer, points, event_name, deliveries, first_received_at,
              last_received_at, body
         FROM sandbox_loyalty.calls WHERE ($1::text IS NULL OR api = $1) ORDER BY id`,
      [api],
    );
  }

  /** Points balance per customer, from the points calls applied. */
  async balances(): Promise<Array<{ customer: string; points: number }>> {
    const rows: Array<{ customer: string; points: string }> = await this.db.query(
      `SELECT customer, sum(points) AS points FROM sandbox_loyalty.calls
        WHERE api = 'points_api' GROUP BY customer ORDER BY customer`,
    );
    return rows.map((row) => ({ customer: row.customer, points: Number(row.points) }));
  }

  injectFailures(api: LoyaltyApi, count: number, status: number): void {
    this.failures.set(api, { remaining: count, status });
  }

  /** The status an injected failure answers this call with, if one is pending. */
  takeFailure(api: LoyaltyApi): number | null {
    const failure = this.failures.get(api);
    if (!failure || failure.remaining <= 0) return null;
    failure.remaining -= 1;
    return failure.status;
  }
}
