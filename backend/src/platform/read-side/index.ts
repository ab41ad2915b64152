/*
 * The read side's public interface (issue 50; docs/ARCHITECTURE.md, "The read side"): features import from here only, never a
 * file of this folder (boundary.spec.ts). Inside platform/ the pieces may be used directly (migrations
 * build the search indexes and version triggers, the bulk insert writes the suffix index).
 */

// The one list contract of every collection: sort, range and filter in, { data, total } and Content-Range out.
export {
  ApiExportQuery,
  ApiListQuery,
  contagemLimitada,
  contagemSempreLimitada,
  DEFAULT_PAGE_SIZE,
  DIRECT_ROWS,
  idsFilter,
  keptJson,
  LIKE_ESCAPE,
  likeContains,
  listResponse,
  MAX_PAGE_SIZE,
  parseListQuery,
  runList,
  searchText,
} from './list-query';
export type { Contagem, ListQueryParams, ListRequest, ListResult, ListSpec } from './list-query';
export { statusTab } from './status-filter';
// A page of a list that keeps nothing: its ids from the order's index, then those rows.
export { pageByIds } from './versioned-list';

// The module, and the facade features inject: reads, versions, kept lists, searches, kept results, point reads.
// What the facade hands out is exported as a type only: a feature gets it from ReadSide, never builds one.
export { ReadSide, ReadSideModule } from './read-side';
export type { VersionedList } from './versioned-list';
export type { KeptSearches } from './kept-searches';
export type { VersionedCache, VersionedTable } from './data-versions';
export type { ContagemLida, PaginaLida, SortSeek } from './versioned-pages';

// A search's conditions, for the lists that write them into their own statements (clientes, contato, documentos, mailbox).
export { ftsString, TRIGRAM_MIN } from './fts';
export { indexHits, inTermRows, inTrigramMatch, trigramQuery } from './search';
export type { IndexHits, SearchIndexName, TermRows } from './search';

// One call per key at a time (the mailbox's usage sums, the CNPJ lookups).
export { sharedCall } from './shared-calls';

// For the composition root (data-source.ts): keeps the MySQL/MariaDB suffix index of rows saved through entities.
export { SufixosSubscriber } from './sufixos.subscriber';

// For the other platform folders: the migrations build the search indexes and the version triggers, the bulk
// insert writes the suffix index (registros also reads VERSIONED_TABLES and isSqlite).
export { TRIGGERS_REFUSED, VERSIONED_TABLES, VERSION_SLOTS, ensureVersionTriggers, versionTriggers } from './data-versions';
export { isSqlite } from './fts';
export { CLIENTES_SUFIXOS, CONTATO_SUFIXOS, DOCUMENTOS_SUFIXOS, MAIL_SUFIXOS, SUFIXOS_INDEXES, createSufixosIndex, writeSufixos } from './sufixos-index';
export { dropTrigramIndex, rebuildTrigramIndex } from './trigram-index';
export type { TrigramIndex } from './trigram-index';
export { IN_CHUNK, selectIn } from './select-in';
