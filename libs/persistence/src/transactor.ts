import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * A transaction already open around the current work (an idempotent request, which stores its reply in the same
 * transaction as the change): Transactor.run joins it instead of opening another.
 */
export const ambientTransaction = new AsyncLocalStorage<EntityManager>();

/**
 * An open Postgres transaction as use cases see it: they hand it to repositories (and the outbox) and never
 * query through it themselves, so they do not import TypeORM for its type.
 */
export type Transaction = EntityManager;

/** Runs work in one Postgres transaction; repositories write through the manager it hands out. */
export abstract class Transactor {
  abstract run<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** The Transactor of a service's own DataSource (the one TypeOrmModule provides). */
@Injectable()
export class TypeOrmTransactor extends Transactor {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const ambient = ambientTransaction.getStore();
    return ambient ? work(ambient) : this.dataSource.transaction(work);
  }
}
