// The public surface of platform/database: other folders import from here, never one of its files (architecture.spec.ts).
export { isDatabaseUnavailable, isUniqueViolation } from './db-errors';
export { DurableCommits, DurableCommitsModule, durableWrites } from './durable-commits';
export { BaseEntity, toIso } from './entity-base';
export { newId } from './ids';
export { caseById, insertRows, updateRows } from './insert-rows';
export { MIGRATIONS } from './migrations/index';
export { SerialQueue, outsideTransactions, requestWrites, withTransaction } from './transaction';
