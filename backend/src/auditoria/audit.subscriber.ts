import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, EntitySubscriberInterface, InsertEvent, RemoveEvent, SoftRemoveEvent, UpdateEvent } from 'typeorm';
import type { EntityMetadata, ObjectLiteral } from 'typeorm';
import { diffOf, REDACTED } from '../platform/audit-chain';
import { appendAudit, takeHiddenValues, type AuditEntry } from './audit-log';
import { selectIn } from '../platform/read-side';

type Row = Record<string, unknown>;

interface Audited {
  /** The action's prefix: `<prefix>.create|update|delete`. */
  acao: string;
  /** The entity the entry is filed under (the per-record trail): the row itself by default. */
  under?: (row: Row) => [string, string | null];
  /** The row's client and registro (their trails show the entry), read from the row itself. */
  context?: boolean;
  /** Only these columns reach the diff (personal data that must not outlive its own retention stays out). */
  fields?: readonly string[];
}

const onRegistro = (row: Row): [string, string | null] => ['registros', (row.registroId as string) ?? null];
const onCobranca = (row: Row): [string, string | null] => ['cobrancas', (row.cobrancaId as string) ?? null];

/**
 * The tables whose writes are recorded, by table name. A registro's parts (stages, exigências,
 * checklist items) are filed under the registro so its trail shows them. Price lists of client
 * types are recorded by the service as one list (they are replaced, not edited row by row).
 */
const AUDITED: Readonly<Record<string, Audited>> = {
  users: { acao: 'usuario' },
  clientes: { acao: 'cliente' },
  // A company's members (ADR 0058): role, capacities and status in the company's trail; their personal data stays out.
  cliente_membros: { acao: 'cliente.membro', under: (row) => ['clientes', (row.clienteId as string) ?? null], fields: ['papel', 'capacidades', 'status'] },
  tipos_cliente: { acao: 'tipo_cliente' },
  registros: { acao: 'registro' },
  registro_etapas: { acao: 'registro.etapa', under: onRegistro },
  registro_exigencias: { acao: 'registro.exigencia', under: onRegistro },
  registro_checklist: { acao: 'registro.checklist', under: onRegistro },
  documentos: { acao: 'documento', context: true },
  cobrancas: { acao: 'cobranca', context: true },
  cobranca_pagamentos: { acao: 'cobranca.pagamento', under: onCobranca },
  processo_modelos: { acao: 'config.processo' },
  feriados: { acao: 'config.feriado' },
  agenda_eventos: { acao: 'agenda' },
  equipe_ausencias: { acao: 'equipe.ausencia' },
  // A bank statement imported (its credits are not entries: the payments confirmed from them are).
  extratos: { acao: 'financas.extrato' },
  // The visitor's name, contacts and text are deleted with the message after its retention (LGPD):
  // the trail keeps only the subject and what the staff did (read, handled, answered).
  contato_mensagens: { acao: 'contato', fields: ['assunto', 'lida', 'tratada', 'tratadaEm', 'tratadaPor', 'respondidaEm', 'respondidaPor'] },
  // LGPD requests (access, correction, erasure) and their answers, in the client's own trail.
  solicitacoes_titulares: { acao: 'titular.solicitacao', under: (row) => ['clientes', (row.clienteId as string) ?? null] },
  // Configurações → E-mail de saída (issue 53): the relay; of its password only when it changed, never the sealed value.
  email_saida: { acao: 'config.email_saida', fields: ['host', 'porta', 'seguranca', 'usuario', 'senhaAlteradaEm', 'remetenteEmail', 'remetenteNome'] },
};

/** The row as the diff may show it: every column, or only the table's listed ones. */
function shown(audited: Audited, row: Row): Row {
  if (!audited.fields) return row;
  return Object.fromEntries(audited.fields.map((f) => [f, row[f]]));
}

/** Plain column values of a row (property names), so a diff shows fields, not relations. */
function columnsOf(meta: EntityMetadata, entity: ObjectLiteral | undefined): Row | null {
  if (!entity) return null;
  const row: Row = {};
  for (const c of meta.columns) if (!c.relationMetadata) row[c.propertyName] = c.getEntityValue(entity);
  return row;
}

/**
 * The entry an inserted row gets (null for tables that are not audited): the subscriber's for a
 * row saved through an entity, and the bulk path's (insertAudited) for rows written many at once.
 */
export function insertAuditEntry(meta: EntityMetadata, entity: ObjectLiteral | undefined): AuditEntry | null {
  const table = meta.tableName;
  const row = columnsOf(meta, entity);
  if (!row) return null;
  if (table === 'registro_historico') {
    const diff: Row = { [String(row.evento)]: [row.de ?? null, row.para ?? null] };
    if (row.nota) diff.nota = [null, row.nota];
    return { acao: `registro.${row.evento}`, entidade: 'registros', entidadeId: row.registroId as string, diff };
  }
  if (table === 'cobranca_historico') {
    return { acao: `cobranca.${row.evento}`, entidade: 'cobrancas', entidadeId: row.cobrancaId as string, diff: { descricao: [null, row.descricao] } };
  }
  const audited = AUDITED[table];
  if (!audited) return null;
  return { ...auditTarget(audited, table, row), acao: `${audited.acao}.create`, diff: diffOf(null, shown(audited, row)) };
}

function auditTarget(audited: Audited, table: string, row: Row): Pick<AuditEntry, 'entidade' | 'entidadeId' | 'clienteId' | 'registroId'> {
  const [entidade, entidadeId] = audited.under ? audited.under(row) : [table, (row.id as string) ?? null];
  const context = audited.context ? { clienteId: (row.clienteId as string) ?? null, registroId: (row.registroId as string) ?? null } : {};
  return { entidade, entidadeId: entidadeId == null ? null : String(entidadeId), ...context };
}

/**
 * Records every insert, update and removal of the audited tables made through entities (save,
 * insert, remove), with `event.manager`: in the very transaction of the write. Updates and deletes
 * by criteria (query builders) carry no row; the services record those themselves (auditUpdate).
 * Two history tables, written beside every registro and charge change, become entries of their own.
 */
@Injectable()
export class AuditSubscriber implements EntitySubscriberInterface {
  constructor(@InjectDataSource() ds: DataSource) {
    if (!ds.subscribers.includes(this)) ds.subscribers.push(this);
  }

  async afterInsert(event: InsertEvent<ObjectLiteral>): Promise<void> {
    const entry = insertAuditEntry(event.metadata, event.entity);
    if (entry) await this.append(event, entry);
  }

  async afterUpdate(event: UpdateEvent<ObjectLiteral>): Promise<void> {
    const audited = AUDITED[event.metadata.tableName];
    if (!audited || !event.databaseEntity || !event.entity) return;
    const before = columnsOf(event.metadata, event.databaseEntity) as Row;
    const after = { ...before, ...(columnsOf(event.metadata, event.entity as ObjectLiteral) ?? {}) };
    const keys = event.updatedColumns.map((c) => c.propertyName).filter((k) => !audited.fields || audited.fields.includes(k));
    let diff = diffOf(shown(audited, before), shown(audited, after), keys.length ? keys : undefined);
    if (!diff) return;
    // An LGPD erasure: which fields went, never what they held.
    if (takeHiddenValues(event.entity)) diff = Object.fromEntries(Object.keys(diff).map((k) => [k, [REDACTED, REDACTED]]));
    await this.append(event, { ...auditTarget(audited, event.metadata.tableName, after), acao: `${audited.acao}.update`, diff: this.withItem(audited, after, diff) });
  }

  async afterRemove(event: RemoveEvent<ObjectLiteral>): Promise<void> {
    await this.removed(event);
  }

  async afterSoftRemove(event: SoftRemoveEvent<ObjectLiteral>): Promise<void> {
    await this.removed(event);
  }

  private async removed(event: RemoveEvent<ObjectLiteral> | SoftRemoveEvent<ObjectLiteral>): Promise<void> {
    const audited = AUDITED[event.metadata.tableName];
    const row = columnsOf(event.metadata, event.databaseEntity ?? event.entity);
    if (!audited || !row) return;
    if (row.id === undefined && event.entityId) row.id = event.entityId;
    await this.append(event, { ...auditTarget(audited, event.metadata.tableName, row), acao: `${audited.acao}.delete`, diff: this.withItem(audited, row, diffOf(shown(audited, row), null)) });
  }

  /** A part filed under its parent says which part it is (the stage's or item's name). */
  private withItem(audited: Audited, row: Row, diff: Record<string, unknown> | null): Record<string, unknown> | null {
    const nome = row.nome ?? row.titulo ?? null;
    if (!diff || !audited.under || nome == null || diff.nome) return diff;
    return { ...diff, item: [null, nome] };
  }

  private async append(event: { manager: EntityManager }, entry: AuditEntry): Promise<void> {
    await fileUnderCharges(event.manager, [entry]);
    await appendAudit(event.manager, entry);
  }
}

/** Entries filed under a charge belong to the charge's client and registro too (one read for all). */
export async function fileUnderCharges(m: EntityManager, entries: readonly AuditEntry[]): Promise<void> {
  const under = entries.filter((e) => e.entidade === 'cobrancas' && e.entidadeId && e.clienteId === undefined);
  const ids = [...new Set(under.map((e) => e.entidadeId as string))];
  const rows = await selectIn<Row>(m, ids, (list) => `SELECT id, clienteId, registroId FROM cobrancas WHERE id IN (${list})`);
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  for (const e of under) {
    const row = byId.get(e.entidadeId as string);
    if (row) Object.assign(e, { clienteId: row.clienteId ?? null, registroId: row.registroId ?? null });
  }
}
