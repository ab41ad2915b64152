import { Injectable } from '@nestjs/common';
import { Brackets, SelectQueryBuilder } from 'typeorm';
import { Cliente, clienteSearch, clientesFts } from '../clientes';
import { LIKE_ESCAPE, likeContains } from '../platform/read-side';
import { type KeptSearches, ReadSide } from '../platform/read-side';
import type { Registro } from './entities/registro.entity';
import { LISTA_TABELAS } from './registros-filtros';
import { nextPrefix } from './sql';

/**
 * The clients a search matched (null: too many, a subquery instead), and the version of LISTA_TABELAS they are
 * kept under; `lida` when they were looked up now, after reading that version, rather than kept from before.
 */
export type BuscaDeClientes = { ids: string[] | null; versao: string | null; lida: boolean };

/** A search matching more clients than this narrows the registros by a subquery instead of a list of ids. */
const CLIENTES_DA_BUSCA = 1_000;

/** The staff list's search (q), with the clients each recent term matched kept by the clients' version. */
@Injectable()
export class RegistrosBuscaService {
  /** The clients each recent search term matches, by the version of LISTA_TABELAS (clientesDaBusca). */
  private readonly buscas: KeptSearches<string[] | null>;

  constructor(private readonly reads: ReadSide) {
    this.buscas = reads.searches(LISTA_TABELAS, 200);
  }

  /**
   * q over the protocol number and the client's name, CNPJ or e-mail. A whole or partial protocol
   * ("2026-0001") is a range on the unique index; text with letters only looks at clients (a small
   * table, then the registros by client index); digits alone may be either. The matching clients are one
   * list of ids (clientesDaBusca; not a part per client: building a query per client cost the server more
   * than MariaDB's sort of their registros, 216 against 235 req/s), or a subquery when too many match.
   */
  async searchStaff(qb: SelectQueryBuilder<Registro>, q: string, guardada: boolean): Promise<BuscaDeClientes | undefined> {
    const ate = /^\d{4}-\d+$/.test(q) ? nextPrefix(q) : null;
    if (ate) {
      qb.andWhere('r.numero >= :numeroDe AND r.numero < :numeroAte', { numeroDe: q, numeroAte: ate });
      return undefined;
    }
    const busca = await this.clientesDaBusca(q, guardada);
    const { ids } = busca;
    // The clients search of the clientes module (FTS5 trigram on SQLite; cliente-search.ts) as a subquery.
    const clientesQ = ids
      ? null
      : this.reads.manager.getRepository(Cliente).createQueryBuilder('c').select('c.id').where(clienteSearch('c', q, await clientesFts(this.reads.manager, q)) ?? '1 = 0');
    const doCliente = clientesQ ? `r.clienteId IN (${clientesQ.getQuery()})` : ids!.length ? 'r.clienteId IN (:...clientesDaBusca)' : '1 = 0';
    const params = clientesQ ? clientesQ.getParameters() : { clientesDaBusca: ids };
    if (/[^\d\s./-]/.test(q)) qb.andWhere(doCliente, params);
    else qb.andWhere(new Brackets((w) => w.where(`r.numero LIKE :qNumero ${LIKE_ESCAPE}`, { qNumero: likeContains(q) }).orWhere(doCliente, params)));
    return busca;
  }

  /**
   * The ids of the clients a staff search matches (the clientes module's search), or null past
   * CLIENTES_DA_BUSCA of them. Kept per term under the version of LISTA_TABELAS read before they are
   * (KeptSearches: what is read after is at least that new): while nothing the list shows changes, a
   * search of the registros looks up no client (on MariaDB the FULLTEXT lookup and the clients' rows were 3.3
   * of a name search's 7 ms), nor reads the version apart: its page's statement reads it, and listRegistros
   * searches again when it is not the one they were kept under.
   */
  private async clientesDaBusca(q: string, guardada: boolean): Promise<BuscaDeClientes> {
    const kept = this.buscas.get(q);
    // Taken as they are, to be checked against the version the page's statement reads (listRegistros) — but
    // when no client matched, as the page will then have no row to carry a version: that version is read first.
    if (kept && guardada && kept.value?.length !== 0) return { ids: kept.value, versao: kept.version, lida: false };
    const version = await this.buscas.version();
    if (kept && kept.version === version) return { ids: kept.value, versao: version, lida: true };
    const cond = clienteSearch('c', q, await clientesFts(this.reads.manager, q));
    const rows = cond
      ? await this.reads.manager
          .getRepository(Cliente)
          .createQueryBuilder('c')
          .select('c.id', 'id')
          .where(cond)
          .limit(CLIENTES_DA_BUSCA + 1)
          .getRawMany<{ id: string }>()
      : [];
    const ids = rows.length > CLIENTES_DA_BUSCA ? null : rows.map((r) => r.id);
    this.buscas.set(q, version, ids);
    return { ids, versao: version, lida: true };
  }
}
