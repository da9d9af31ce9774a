import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { brandKey, type MatchKeys, type StoredProduct } from '@cps/domain';
import { DataSource, type EntityManager } from 'typeorm';

/** A stored product with its timestamps. */
export interface CatalogProduct extends StoredProduct {
  createdAt: Date;
  updatedAt: Date;
}

interface ProductRow {
  id: string;
  name: string;
  brand: string | null;
  upc: string | null;
  sku: string | null;
  group_id: string | null;
  created_at: Date;
  updated_at: Date;
  skus: Record<string, string> | null;
}

const SELECT_PRODUCTS = `
  SELECT p.id, p.name, p.brand, p.upc, p.sku, p.group_id, p.created_at, p.updated_at,
         (SELECT jsonb_object_agg(s.retailer_id, s.sku) FROM matching.product_skus s WHERE s.product_id = p.id) AS skus
    FROM matching.products p`;

function toProduct(row: ProductRow): CatalogProduct {
  const retailerSkus: Record<string, string> = {};
  for (const retailerId of Object.keys(row.skus ?? {}).sort()) retailerSkus[retailerId] = row.skus![retailerId]!;
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    gtin: row.upc,
    sku: row.sku,
    group: row.group_id,
    retailerSkus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Keys to load products by: identifiers, brand keys (name fallback), names of products without identifiers. */
export interface ProductLookup extends MatchKeys {
  ids?: string[];
  brandKeys?: string[];
  /** Lower-cased names of products without any identifier. */
  bareNames?: string[];
}

/** The team's catalog. Every method takes the team id: a query without it does not compile. */
@Injectable()
export class ProductRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Serializes catalog writes and re-matches of one team (held until the transaction ends). */
  async lockCatalog(tx: EntityManager, teamId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`matching.catalog ${teamId}`]);
  }

  /** The team's products that have any of the keys. */
  async find(teamId: string, lookup: ProductLookup, tx: EntityManager = this.db.manager): Promise<CatalogProduct[]> {
    const rows: ProductRow[] = await tx.query(
      `${SELECT_PRODUCTS}
        WHERE p.team_id = $1
          AND (p.id = ANY($2) OR p.upc = ANY($3) OR p.sku = ANY($4) OR p.brand_key = ANY($7)
               OR p.id IN (SELECT s.product_id FROM matching.product_skus s
                            JOIN unnest($5::text[], $6::text[]) AS k (retailer_id, sku)
                              ON s.retailer_id = k.retailer_id AND s.sku = k.sku
                           WHERE s.team_id = $1)
               OR (p.upc IS NULL AND p.sku IS NULL AND lower(p.name) = ANY($8)
                   AND NOT EXISTS (SELECT 1 FROM matching.product_skus s WHERE s.product_id = p.id)))
        ORDER BY p.id`,
      [
        teamId,
        lookup.ids ?? [],
        lookup.gtins,
        lookup.skus,
        lookup.retailerSkus.map((key) => key.retailerId),
        lookup.retailerSkus.map((key) => key.sku),
        lookup.brandKeys ?? [],
        lookup.bareNames ?? [],
      ],
    );
    return rows.map(toProduct);
  }

  /** Creates or replaces the products (all of the team), with their retailer SKUs. */
  async save(tx: EntityManager, teamId: string, products: StoredProduct[], now: Date): Promise<void> {
    if (products.length === 0) return;
    const column = <K extends keyof StoredProduct>(key: K) => products.map((product) => product[key]);
    await tx.query(
      `INSERT INTO matching.products (id, team_id, name, brand, brand_key, upc, sku, group_id, created_at, updated_at)
       SELECT id, $1, name, brand, brand_key, upc, sku, group_id, $8, $8
         FROM unnest($2::text[], $3::text[], $4::text[], $9::text[], $5::text[], $6::text[], $7::text[])
              AS r (id, name, brand, brand_key, upc, sku, group_id)
       ON CONFLICT (id) DO UPDATE
         SET name = EXCLUDED.name, brand = EXCLUDED.brand, brand_key = EXCLUDED.brand_key, upc = EXCLUDED.upc,
             sku = EXCLUDED.sku, group_id = EXCLUDED.group_id, updated_at = EXCLUDED.updated_at
         WHERE products.team_id = EXCLUDED.team_id`,
      [
        teamId,
        column('id'),
        column('name'),
        column('brand'),
        column('gtin'),
        column('sku'),
        column('group'),
        now,
        products.map((product) => brandKey(product.brand)),
      ],
    );
    await tx.query(`DELETE FROM matching.product_skus WHERE team_id = $1 AND product_id = ANY($2)`, [
      teamId,
      column('id'),
    ]);
    const skus = products.flatMap((product) =>
      Object.entries(product.retailerSkus).map(([retailerId, sku]) => [product.id, retailerId, sku] as const),
    );
    if (skus.length === 0) return;
    await tx.query(
      `INSERT INTO matching.product_skus (product_id, team_id, retailer_id, sku)
       SELECT product_id, $1, retailer_id, sku FROM unnest($2::text[], $3::text[], $4::text[]) AS s (product_id, retailer_id, sku)`,
      [teamId, skus.map((s) => s[0]), skus.map((s) => s[1]), skus.map((s) => s[2])],
    );
  }

  /** One page of the team's products by id, optionally of one group; one row more than `limit` says more follow. */
  async list(
    teamId: string,
    page: { limit: number; startingAfter?: string; group?: string },
  ): Promise<CatalogProduct[]> {
    const rows: ProductRow[] = await this.db.query(
      `${SELECT_PRODUCTS}
        WHERE p.team_id = $1 AND ($2::text IS NULL OR p.id > $2) AND ($3::text IS NULL OR p.group_id = $3)
        ORDER BY p.id LIMIT $4`,
      [teamId, page.startingAfter ?? null, page.group ?? null, page.limit],
    );
    return rows.map(toProduct);
  }

  async get(teamId: string, productId: string): Promise<CatalogProduct | null> {
    const rows: ProductRow[] = await this.db.query(`${SELECT_PRODUCTS} WHERE p.team_id = $1 AND p.id = $2`, [
      teamId,
      productId,
    ]);
    return rows[0] ? toProduct(rows[0]) : null;
  }

  /** Deletes the product; the items matched to it are left unmatched until the re-match. False when unknown. */
  async delete(tx: EntityManager, teamId: string, productId: string): Promise<boolean> {
    await tx.query(
      `UPDATE matching.item_matches SET product_id = NULL, method = 'none', confidence = 0
        WHERE team_id = $1 AND product_id = $2`,
      [teamId, productId],
    );
    const [, deleted]: [unknown, number] = await tx.query(
      `DELETE FROM matching.products WHERE team_id = $1 AND id = $2`,
      [teamId, productId],
    );
    return deleted > 0;
  }

  /** Counts a change of the team's catalog; returns the new version. */
  async bumpVersion(tx: EntityManager, teamId: string): Promise<number> {
    const [row]: Array<{ version: string }> = await tx.query(
      `INSERT INTO matching.catalogs (team_id, version) VALUES ($1, 1)
       ON CONFLICT (team_id) DO UPDATE SET version = catalogs.version + 1
       RETURNING version`,
      [teamId],
    );
    return Number(row!.version);
  }

  /** The catalog version purchases still have to be re-matched against, or null when they are up to date. */
  async pendingRematch(tx: EntityManager, teamId: string): Promise<number | null> {
    const [row]: Array<{ version: string; rematched_version: string }> = await tx.query(
      `SELECT version, rematched_version FROM matching.catalogs WHERE team_id = $1`,
      [teamId],
    );
    if (!row || Number(row.rematched_version) >= Number(row.version)) return null;
    return Number(row.version);
  }

  async markRematched(tx: EntityManager, teamId: string, version: number): Promise<void> {
    await tx.query(`UPDATE matching.catalogs SET rematched_version = $2 WHERE team_id = $1`, [teamId, version]);
  }
}
