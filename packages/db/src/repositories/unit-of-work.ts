import type { DataSource, EntityManager } from 'typeorm';

/**
 * An open database transaction, opaque to api/ and engine/: repository methods take an optional
 * `tx` so several tables change together (e.g. a payment approved and its subscription activated).
 */
export interface Tx {
  readonly manager: EntityManager;
}

/** Runs work in one transaction; services receive it by injection instead of the DataSource. */
export class UnitOfWork {
  constructor(private readonly ds: DataSource) {}

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.ds.transaction((manager) => work({ manager }));
  }
}

/** The manager to query with: the transaction's when given, else the data source's. */
export function managerOf(ds: DataSource, tx?: Tx): EntityManager {
  return tx?.manager ?? ds.manager;
}
