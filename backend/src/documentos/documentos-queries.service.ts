import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Repository, SelectQueryBuilder } from 'typeorm';
import { DocumentoResponse, normalizeSearch } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { Cliente, foldBusca } from '../clientes';
import { idsFilter, inTermRows, LIKE_ESCAPE, likeContains, ListRequest, pageByIds, ReadSide, searchText } from '../platform/read-side';
import { countRows, Registro } from '../registros';
import { clienteOf, RECORD_NOT_FOUND } from '@veritas/common';
import { PolicyService } from '../platform/access';
import { toDocumentoResponse } from './documento.mapper';
import { Documento } from './entities/documento.entity';

export const DOCUMENTO_NOT_FOUND = RECORD_NOT_FOUND.documento;

export const LIST_FILTER_HELP_STAFF =
  'clienteId, registroId, enviadoPor ("cliente"|"equipe"), tipo ("PDF", "Imagem", ...), baixado (true/false: já baixado pelo cliente), ' +
  'q (título, nome do arquivo, nome/CNPJ do cliente), id (lista)';

/**
 * Reading documents: the lists (a client's own, or staff's within the record-access rule) with their search,
 * and one document for whoever may see it. Lists and names on the read pool (ReadSide).
 */
@Injectable()
export class DocumentosQueries {
  constructor(
    @InjectRepository(Documento) private readonly documentos: Repository<Documento>,
    @InjectRepository(Registro) private readonly registros: Repository<Registro>,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    private readonly reads: ReadSide,
    private readonly policy: PolicyService,
  ) {}

  /** A client's own documents, or (staff) those whose registro the caller may see and those without one. */
  async listDocumentos(actor: AuthPrincipal, req: ListRequest): Promise<[DocumentoResponse[], number]> {
    const qb = this.reads.manager.getRepository(Documento).createQueryBuilder('d');
    const f = req.filter;
    const clienteId = clienteOf(actor);
    if (clienteId) qb.andWhere('d.clienteId = :own', { own: clienteId });
    else {
      const scope = this.policy.where(actor, 'registro', 'sr');
      if (scope) {
        // The same rule as documento.read, in SQL: no registro, or a registro in the caller's scope.
        const { where, params } = scope;
        const visible = this.registros.createQueryBuilder('sr').select('sr.id').where(where);
        qb.andWhere(new Brackets((w) => w.where('d.registroId IS NULL').orWhere(`d.registroId IN (${visible.getQuery()})`, params)));
      }
      if (typeof f.clienteId === 'string') qb.andWhere('d.clienteId = :clienteId', { clienteId: f.clienteId });
    }
    const ids = idsFilter(f);
    if (ids) qb.andWhere(ids.length ? 'd.id IN (:...ids)' : '1 = 0', { ids });
    if (f.registroId === null) qb.andWhere('d.registroId IS NULL');
    else if (typeof f.registroId === 'string') qb.andWhere('d.registroId = :registroId', { registroId: f.registroId });
    if (f.enviadoPor === 'cliente' || f.enviadoPor === 'equipe') qb.andWhere('d.enviadoPor = :por', { por: f.enviadoPor });
    if (typeof f.tipo === 'string') qb.andWhere('d.tipo = :tipo', { tipo: f.tipo });
    if (f.baixado === true || f.baixado === 'true') qb.andWhere('d.baixadoClienteEm IS NOT NULL');
    if (f.baixado === false || f.baixado === 'false') qb.andWhere('d.baixadoClienteEm IS NULL');
    const q = searchText(f);
    if (q) await this.search(qb, q, !clienteId);
    // The page's ids from the (filter, createdAt, id) index, then its rows (ADR 0060).
    const ordered = qb.clone().orderBy(req.sortColumn, req.sortOrder).addOrderBy('d.id', req.sortOrder).offset(req.skip).limit(req.take);
    const [rows, total] = await Promise.all([pageByIds(this.reads.manager, Documento, ordered, 'd.id'), countRows(qb)]);
    return [await this.toResponses(rows), total];
  }

  /**
   * q in the title or file name (folded, as `busca`), or, staff listing every client, in the client's
   * name, CNPJ or e-mail. The document's index (termRows: trigram on SQLite, suffixes on MySQL/MariaDB)
   * names the candidate documents (a term in most of them comes back null and the LIKE alone serves
   * it), the LIKE keeps exactly those that hold q (docs/adr/0027-search-from-an-index.md).
   */
  private async search(qb: SelectQueryBuilder<Documento>, q: string, byCliente: boolean): Promise<void> {
    const termo = normalizeSearch(q);
    const rows = await this.reads.termRows('documentos', termo);
    const like = likeContains(termo);
    qb.andWhere(
      new Brackets((w) => {
        if (rows) {
          const [cond, params] = inTermRows('d', rows, 'docIds');
          w.where(`(${cond} AND d.busca LIKE :like ${LIKE_ESCAPE})`, { ...params, like });
        }
        else w.where(`d.busca LIKE :like ${LIKE_ESCAPE}`, { like });
        if (byCliente) {
          const sub = this.clientes.createQueryBuilder('c').select('c.id').where(`c.busca LIKE :qCliente ${LIKE_ESCAPE}`);
          w.orWhere(`d.clienteId IN (${sub.getQuery()})`, { qCliente: likeContains(foldBusca(q) || q) });
        }
      }),
    );
  }

  async getDocumento(actor: AuthPrincipal, id: string): Promise<DocumentoResponse> {
    const [resp] = await this.toResponses([await this.policy.require<Documento>(actor, 'documento.read', id)]);
    return resp;
  }

  /** Responses for rows, with the clients' names and the registros' numbers (two reads on the read pool). */
  async toResponses(rows: Documento[]): Promise<DocumentoResponse[]> {
    if (!rows.length) return [];
    const clienteIds = [...new Set(rows.map((d) => d.clienteId))];
    const registroIds = [...new Set(rows.map((d) => d.registroId).filter((v): v is string => !!v))];
    const [clientes, registros] = await Promise.all([
      this.reads.manager.find(Cliente, { where: { id: In(clienteIds) }, select: { id: true, razaoSocial: true } }),
      registroIds.length ? this.reads.manager.find(Registro, { where: { id: In(registroIds) }, select: { id: true, numero: true } }) : Promise.resolve([]),
    ]);
    const clienteNome = new Map(clientes.map((c) => [c.id, c.razaoSocial]));
    const numero = new Map(registros.map((r) => [r.id, r.numero]));
    return rows.map((d) => toDocumentoResponse(d, clienteNome.get(d.clienteId) ?? null, d.registroId ? numero.get(d.registroId) ?? null : null));
  }
}
