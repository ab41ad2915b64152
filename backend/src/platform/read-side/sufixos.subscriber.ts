import { EventSubscriber } from 'typeorm';
import type { EntitySubscriberInterface, InsertEvent, ObjectLiteral, UpdateEvent } from 'typeorm';
import { isSqlite } from './fts';
import { SUFIXOS_INDEXES, writeSufixos } from './sufixos-index';

/**
 * Writes the suffix index's side row (MySQL/MariaDB; sufixos-index.ts) of a row saved through an
 * entity, with `event.manager`: in the very transaction of the write. An insert always; an update
 * when it changed the indexed column. Deletes need nothing (ON DELETE CASCADE); the bulk path
 * (insertRows) writes its rows' side rows itself. An update by criteria (a query builder) carries no
 * row: code that rewrites an indexed column that way must call writeSufixos itself (none does). Registered in dataSourceOptions, so every data
 * source of the app (server, seeder, scripts) keeps the index.
 */
@EventSubscriber()
export class SufixosSubscriber implements EntitySubscriberInterface {
  async afterInsert(event: InsertEvent<ObjectLiteral>): Promise<void> {
    const ix = SUFIXOS_INDEXES[event.metadata.tableName];
    if (!ix || isSqlite(event.connection) || !event.entity) return;
    await writeSufixos((sql, params) => event.manager.query(sql, params), ix, [[event.entity.id, event.entity[ix.column]]]);
  }

  async afterUpdate(event: UpdateEvent<ObjectLiteral>): Promise<void> {
    const ix = SUFIXOS_INDEXES[event.metadata.tableName];
    if (!ix || isSqlite(event.connection) || !event.entity) return;
    if (!event.updatedColumns.some((c) => c.propertyName === ix.column)) return;
    const id = (event.entity.id ?? event.databaseEntity?.id) as string | undefined;
    if (id) await writeSufixos((sql, params) => event.manager.query(sql, params), ix, [[id, event.entity[ix.column] as string]]);
  }
}
