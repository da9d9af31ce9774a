import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RetailerEntity } from './retailer.entity.js';

/** The platform catalog: team-independent. */
@Injectable()
export class RetailerRepository {
  constructor(
    @InjectRepository(RetailerEntity)
    private readonly retailers: Repository<RetailerEntity>,
  ) {}

  /** Sorted by name, ignoring case ("CVS Pharmacy" after "Costco"). */
  async listAll(): Promise<RetailerEntity[]> {
    return this.retailers.createQueryBuilder('r').orderBy('lower(r.name)', 'ASC').addOrderBy('r.id', 'ASC').getMany();
  }

  async findById(id: string): Promise<RetailerEntity | null> {
    return this.retailers.findOneBy({ id });
  }
}
