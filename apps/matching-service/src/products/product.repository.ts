import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { ProductEntity } from './product.entity.js';

/** Every read is scoped to one team: the team id is a required argument. */
@Injectable()
export class ProductRepository {
  constructor(
    @InjectRepository(ProductEntity)
    private readonly products: Repository<ProductEntity>,
  ) {}

  /** The team's products carrying any of the GTINs (normalized) or SKUs, oldest first. */
  async findByGtinsOrSkus(
    teamId: string,
    keys: { gtins: string[]; skus: string[] },
    tx: EntityManager = this.products.manager,
  ): Promise<ProductEntity[]> {
    if (keys.gtins.length === 0 && keys.skus.length === 0) return [];
    return tx
      .createQueryBuilder(ProductEntity, 'p')
      .where('p.teamId = :teamId', { teamId })
      .andWhere('(p.upc = ANY(:gtins) OR p.sku = ANY(:skus))', { gtins: keys.gtins, skus: keys.skus })
      .orderBy('p.id', 'ASC')
      .getMany();
  }
}
