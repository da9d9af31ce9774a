import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** Runs work in one Postgres transaction; repositories write through the manager it hands out. */
export abstract class Transactor {
  abstract run<T>(work: (tx: EntityManager) => Promise<T>): Promise<T>;
}

/** The Transactor of a service's own DataSource (the one TypeOrmModule provides). */
@Injectable()
export class TypeOrmTransactor extends Transactor {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  run<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
