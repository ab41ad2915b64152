import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { normalizeSearch } from '@veritas/common';
import { isUniqueViolation, withTransaction } from '../platform/database';
import { idsFilter, LIKE_ESCAPE, likeContains, ListRequest, runList, searchText, statusTab } from '../platform/read-side';
import { CreateTipoClienteDto, ServicoDto, UpdateTipoClienteDto } from './dto/tipo-cliente.dto';
import { TipoCliente, TipoClienteServico } from './entities/tipo-cliente.entity';
import { TipoClienteUsage } from './tipo-cliente-usage';
import { appendAudit, auditUpdate } from '../auditoria';

export const TIPO_NOT_FOUND = 'Tipo de cliente não encontrado.';
export const TIPO_NOME_TAKEN = 'Já existe um tipo de cliente com este nome.';
export const TIPO_INATIVO = 'O tipo de cliente selecionado está inativo. Ative-o antes de atribuí-lo a um cliente.';

/** "1 cliente", "3 clientes". */
const clientesCount = (n: number) => (n === 1 ? '1 cliente' : `${n} clientes`);

export const tipoEmUso = (n: number) =>
  `Este tipo de cliente está atribuído a ${clientesCount(n)}. Retire-o desses clientes antes de excluí-lo, ou apenas inative-o.`;

@Injectable()
export class TiposClienteService {
  constructor(
    @InjectRepository(TipoCliente) private readonly tipos: Repository<TipoCliente>,
    @InjectRepository(TipoClienteServico) private readonly servicos: Repository<TipoClienteServico>,
    private readonly usage: TipoClienteUsage,
    private readonly db: DataSource,
  ) {}

  /** Filter: q (name, accent- and case-insensitive), status (todos/ativos/inativos), id (list). */
  async listTipos(req: ListRequest): Promise<[TipoCliente[], number]> {
    const qb = this.tipos.createQueryBuilder('t');
    const q = searchText(req.filter);
    if (q) qb.andWhere(`t.busca LIKE :like ${LIKE_ESCAPE}`, { like: likeContains(normalizeSearch(q)) });
    const status = statusTab(req.filter);
    if (status) qb.andWhere('t.ativo = :ativo', { ativo: status === 'ativo' });
    const ids = idsFilter(req.filter);
    if (ids) qb.andWhere(ids.length ? 't.id IN (:...ids)' : '1 = 0', { ids });
    const [rows, total] = await runList(qb, req, 't.id');
    await this.attachServicos(rows);
    return [rows, total];
  }

  async getTipo(id: string, manager: EntityManager = this.db.manager): Promise<TipoCliente> {
    const tipo = await manager.findOne(TipoCliente, { where: { id } });
    if (!tipo) throw new NotFoundException(TIPO_NOT_FOUND);
    await this.attachServicos([tipo], manager);
    return tipo;
  }

  /** The type of each given id that exists (for client details), with its services. */
  async findTipos(ids: readonly (string | null)[]): Promise<Map<string, TipoCliente>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (!wanted.length) return new Map();
    const rows = await this.tipos.find({ where: { id: In(wanted) } });
    await this.attachServicos(rows);
    return new Map(rows.map((t) => [t.id, t]));
  }

  async createTipo(dto: CreateTipoClienteDto): Promise<TipoCliente> {
    const tipo = this.tipos.create({ nome: dto.nome, busca: normalizeSearch(dto.nome), ativo: dto.ativo ?? true });
    await this.assertNomeFree(tipo.busca);
    return this.saveUnique(async (m) => {
      await m.save(tipo);
      await this.replaceServicos(m, tipo.id, dto.servicos ?? []);
      return this.getTipo(tipo.id, m);
    });
  }

  async updateTipo(id: string, dto: UpdateTipoClienteDto): Promise<TipoCliente> {
    const tipo = await this.getTipo(id);
    if (dto.nome !== undefined) {
      tipo.nome = dto.nome;
      tipo.busca = normalizeSearch(dto.nome);
      await this.assertNomeFree(tipo.busca, tipo.id);
    }
    if (dto.ativo !== undefined) tipo.ativo = dto.ativo;
    return this.saveUnique(async (m) => {
      // updatedAt moves even when only the services (another table) change.
      const before = await m.findOneByOrFail(TipoCliente, { id: tipo.id });
      const patch = { nome: tipo.nome, busca: tipo.busca, ativo: tipo.ativo, updatedAt: new Date() };
      await m.update(TipoCliente, { id: tipo.id }, patch);
      await auditUpdate(m, { acao: 'tipo_cliente.update', entidade: 'tipos_cliente', entidadeId: tipo.id }, before, patch);
      if (dto.servicos !== undefined) await this.replaceServicos(m, tipo.id, dto.servicos);
      return this.getTipo(tipo.id, m);
    });
  }

  async toggleStatus(id: string): Promise<TipoCliente> {
    const tipo = await this.getTipo(id);
    await withTransaction(this.db, async (m) => {
      const patch = { ativo: !tipo.ativo, updatedAt: new Date() };
      await m.update(TipoCliente, { id }, patch);
      await auditUpdate(m, { acao: 'tipo_cliente.update', entidade: 'tipos_cliente', entidadeId: id }, tipo, patch);
    });
    return this.getTipo(id);
  }

  /**
   * A type that clients still use is not deleted (409 with how many): the clients would silently
   * lose their services and prices. Inactivating it keeps it on them and out of new choices.
   */
  async deleteTipo(id: string): Promise<TipoCliente> {
    const tipo = await this.getTipo(id);
    const inUse = await this.usage.count(id);
    if (inUse > 0) throw new ConflictException(tipoEmUso(inUse));
    await withTransaction(this.db, async (m) => {
      await m.delete(TipoClienteServico, { tipoClienteId: id });
      await m.delete(TipoCliente, { id });
      await appendAudit(m, { acao: 'tipo_cliente.delete', entidade: 'tipos_cliente', entidadeId: id, diff: { nome: [tipo.nome, null], servicos: [precos(tipo.servicos ?? []), null] } });
    });
    return tipo;
  }

  /**
   * May a client be given this type? It must exist (400, since the form sent a bad choice) and be
   * active, unless the client already has it: re-saving a client keeps a type inactivated since.
   */
  async assertAssignable(tipoClienteId: string, current: string | null): Promise<void> {
    const tipo = await this.tipos.findOne({ where: { id: tipoClienteId }, select: { id: true, ativo: true } });
    if (!tipo) throw new BadRequestException('O tipo de cliente informado não existe.');
    if (!tipo.ativo && tipoClienteId !== current) throw new BadRequestException(TIPO_INATIVO);
  }

  private async attachServicos(rows: TipoCliente[], manager: EntityManager = this.db.manager): Promise<void> {
    if (!rows.length) return;
    const all = await manager.find(TipoClienteServico, {
      where: { tipoClienteId: In(rows.map((t) => t.id)) },
      order: { ordem: 'ASC' },
    });
    for (const t of rows) t.servicos = all.filter((s) => s.tipoClienteId === t.id);
  }

  private async replaceServicos(m: EntityManager, tipoClienteId: string, servicos: ServicoDto[]): Promise<void> {
    // The trail (issue 16): the price list before → after, as one entry (rows are replaced, not edited).
    const antes = precos(await m.find(TipoClienteServico, { where: { tipoClienteId }, order: { ordem: 'ASC' } }));
    const depois = precos(servicos);
    if (JSON.stringify(antes) !== JSON.stringify(depois)) {
      await appendAudit(m, { acao: 'tipo_cliente.servicos', entidade: 'tipos_cliente', entidadeId: tipoClienteId, diff: { servicos: [antes, depois] } });
    }
    await m.delete(TipoClienteServico, { tipoClienteId });
    if (!servicos.length) return;
    await m.save(
      TipoClienteServico,
      servicos.map((s, ordem) => m.create(TipoClienteServico, { tipoClienteId, nome: s.nome, valor: s.valor, ordem })),
    );
  }

  private async assertNomeFree(busca: string, exceptId?: string): Promise<void> {
    const same = await this.tipos.findOne({ where: { busca }, select: { id: true } });
    if (same && same.id !== exceptId) throw new ConflictException(TIPO_NOME_TAKEN);
  }

  /** Runs the writes in one transaction; a name taken in the meantime is a 409, not a 500. */
  private async saveUnique(work: (m: EntityManager) => Promise<TipoCliente>): Promise<TipoCliente> {
    try {
      return await withTransaction(this.db, work);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException(TIPO_NOME_TAKEN);
      throw err;
    }
  }
}

/** A price list as the trail shows it: "name: value" in order. */
function precos(servicos: ReadonlyArray<{ nome: string; valor?: number | string | null }>): string[] {
  return servicos.map((s) => `${s.nome}: ${Number(s.valor ?? 0).toFixed(2)}`);
}
