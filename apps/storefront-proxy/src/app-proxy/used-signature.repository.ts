import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** One in this many uses also deletes the expired ones. */
const PURGE_EVERY = 100;

/** Signed requests already served: each is served once, on every replica (the table is shared). */
@Injectable()
export class UsedSignatureRepository {
  private uses = 0;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Records the use; false when the digest was used before (a replay). */
  async use(digest: string, expiresAt: Date): Promise<boolean> {
    const rows = (await this.db.query(
      `INSERT INTO storefront.used_signatures (digest, expires_at) VALUES ($1, $2)
       ON CONFLICT (digest) DO NOTHING RETURNING digest`,
      [digest, expiresAt],
    )) as unknown[];
    if (++this.uses % PURGE_EVERY === 0) {
      await this.db.query(`DELETE FROM storefront.used_signatures WHERE expires_at < now()`);
    }
    return rows.length === 1;
  }
}
