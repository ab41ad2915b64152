import { appendAudit, auditUpdate } from '../auditoria';
import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  OnModuleInit,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Like, Not, Repository } from 'typeorm';
import { avisoRegistroPath, ChecklistItemResponse, type ChecklistModeloResponse, isFinalStatus, OPEN_REGISTRO_STATUSES, servicoPorCodigo } from '@veritas/common';
import type { StoredFile } from '../platform/http';
import type { AuthPrincipal } from '../platform/request';
import { toIso, withTransaction } from '../platform/database';
import { AvisosService } from '../avisos';
import { Documento, DocumentosService } from '../documentos';
import { ProcessoNotifier } from '../exigencias';
import { EtapaGateRegistry } from '../processos';
import { Registro, RegistroExtensions } from '../registros';
import { PolicyService } from '../platform/access';
import { copyChecklist, copyChecklists, novoItem } from './checklist-copy';
import { User } from '../users';
import { PutChecklistModeloDto } from './dto/checklist.dto';
import { ChecklistModelo } from './entities/checklist-modelo.entity';
import { RegistroChecklist } from './entities/registro-checklist.entity';

export const SERVICO_NOT_FOUND = 'Serviço não encontrado no catálogo.';
export const ITEM_NOT_FOUND = 'Item da lista de documentos não encontrado.';
export const ITEM_JA_ACEITO = 'Este documento já foi aceito: não é preciso enviá-lo de novo.';
export const ITEM_SEM_ARQUIVO = 'Nenhum arquivo foi enviado para este item: não há o que avaliar.';
export const ITEM_JA_RECUSADO = 'Este item já foi recusado: aguarde o cliente enviar outro arquivo.';
export const MOTIVO_OBRIGATORIO = 'Informe o motivo da recusa: o cliente o verá para enviar o documento certo.';
export const REGISTRO_ENCERRADO = 'Este registro está encerrado: a lista de documentos não muda mais.';

@Injectable()
export class ChecklistService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(ChecklistModelo) private readonly modelos: Repository<ChecklistModelo>,
    @InjectRepository(RegistroChecklist) private readonly itens: Repository<RegistroChecklist>,
    @InjectRepository(Documento) private readonly documentos: Repository<Documento>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Registro) private readonly registrosRepo: Repository<Registro>,
    private readonly policy: PolicyService,
    private readonly documentosService: DocumentosService,
    private readonly notifier: ProcessoNotifier,
    private readonly extensions: RegistroExtensions,
    private readonly gates: EtapaGateRegistry,
    private readonly avisos: AvisosService,
  ) {}

  /**
   * A new registro gets its service's checklist in its own transaction; its detail shows the
   * checklist; a stage with `documentos` keys completes only once those required items are accepted.
   */
  onModuleInit(): void {
    this.extensions.register({
      onCreate: (m, registro) => copyChecklist(m, registro.id, registro.servico),
      onCreateMany: (m, registros) => copyChecklists(m, registros),
      detalhe: async (_actor, registro) => ({ checklist: await this.toResponses(await this.itens.find({ where: { registroId: registro.id }, order: { ordem: 'ASC' } })) }),
    });
    this.gates.register({
      assertCanComplete: (registroId, etapa) => this.assertDocumentosAceitos(registroId, etapa.documentos ?? []),
      missing: (registroId, etapa) => this.missingForKeys(registroId, etapa.documentos ?? []),
    });
  }

  // ---------------------------------------------------------------- templates (the board)

  async getModelo(servico: string): Promise<ChecklistModeloResponse> {
    const cat = servicoPorCodigo(servico);
    if (!cat) throw new NotFoundException(SERVICO_NOT_FOUND);
    const rows = await this.modelos.find({ where: { servico }, order: { ordem: 'ASC' } });
    return { servico, nome: cat.nome, itens: rows.map((r) => ({ chave: r.chave, nome: r.nome, descricao: r.descricao, obrigatorio: r.obrigatorio })) };
  }

  /** Replaces the service's list (order as given). Registros already created keep the list they got. */
  async putModelo(servico: string, dto: PutChecklistModeloDto): Promise<ChecklistModeloResponse> {
    if (!servicoPorCodigo(servico)) throw new NotFoundException(SERVICO_NOT_FOUND);
    const seen = new Set<string>();
    for (const it of dto.itens) {
      if (seen.has(it.chave)) throw new BadRequestException(`A chave "${it.chave}" aparece mais de uma vez: cada item tem a sua.`);
      seen.add(it.chave);
    }
    await withTransaction(this.ds, async (m) => {
      // The trail (issue 16): the list before → after as one entry (rows are replaced, not edited).
      const lista = (rows: ReadonlyArray<{ chave: string; nome: string; obrigatorio: boolean }>) => rows.map((it) => `${it.chave}: ${it.nome}${it.obrigatorio ? ' (obrigatório)' : ''}`);
      const antes = lista(await m.find(ChecklistModelo, { where: { servico }, order: { ordem: 'ASC' } }));
      const depois = lista(dto.itens);
      if (JSON.stringify(antes) !== JSON.stringify(depois)) await appendAudit(m, { acao: 'config.checklist', entidade: 'checklist_modelos', entidadeId: servico, diff: { itens: [antes, depois] } });
      await m.delete(ChecklistModelo, { servico });
      if (!dto.itens.length) return;
      await m.save(
        dto.itens.map((it, i) =>
          m.create(ChecklistModelo, { servico, chave: it.chave, nome: it.nome, descricao: it.descricao ?? null, obrigatorio: it.obrigatorio, ordem: i + 1 }),
        ),
      );
    });
    return this.getModelo(servico);
  }

  // ---------------------------------------------------------------- a registro's checklist

  async list(actor: AuthPrincipal, registroId: string): Promise<ChecklistItemResponse[]> {
    const r = await this.policy.require<Registro>(actor, 'registro.read', registroId);
    const rows = await this.itens.find({ where: { registroId: r.id }, order: { ordem: 'ASC' } });
    return this.toResponses(rows);
  }

  /** Staff ask one more document of this registro (key "extra-N"); it goes last, and the client sees it at once. */
  async addItem(actor: AuthPrincipal, registroId: string, nome: string, descricao: string | null, obrigatorio: boolean): Promise<ChecklistItemResponse> {
    const r = await this.policy.require<Registro>(actor, 'registro.read', registroId);
    if (isFinalStatus(r.status)) throw new ConflictException(REGISTRO_ENCERRADO);
    const saved = await withTransaction(this.ds, async (m) => {
      // The registro's row lock first: two additions at once never pick the same key or place.
      await m.createQueryBuilder().update(Registro).set({ updatedAt: new Date() }).where('id = :id', { id: r.id }).execute();
      const last = await m
        .createQueryBuilder(RegistroChecklist, 'i')
        .select('MAX(i.ordem)', 'ordem')
        .where('i.registroId = :id', { id: r.id })
        .getRawOne<{ ordem: unknown }>();
      const ordem = Number(last?.ordem ?? 0) + 1;
      const extras = await m.count(RegistroChecklist, { where: { registroId: r.id, chave: Like('extra-%') } });
      return m.save(novoItem(m, r.id, { chave: `extra-${extras + 1}`, nome, descricao, obrigatorio, ordem }));
    });
    const [resp] = await this.toResponses([saved]);
    return resp;
  }

  /**
   * A file against an item: stored exactly as POST /api/documentos stores one (size limit, content
   * sniffing, private storage, atomic write) as a document of the client linked to the registro;
   * the item then points at it and is "enviado". A refused item may be sent again.
   */
  async upload(actor: AuthPrincipal, registroId: string, itemId: string, file: StoredFile | undefined): Promise<ChecklistItemResponse> {
    const r = await this.policy.require<Registro>(actor, 'registro.read', registroId);
    const item = await this.findItem(r.id, itemId);
    if (isFinalStatus(r.status)) throw new ConflictException(REGISTRO_ENCERRADO);
    if (item.status === 'aceito') throw new ConflictException(ITEM_JA_ACEITO);
    const doc = await this.documentosService.upload(actor, file, { registroId: r.id, titulo: item.nome.slice(0, 200) }, false);
    const enviado = { status: 'enviado' as const, documentoId: doc.id, enviadoEm: new Date(), motivo: null, avaliadoEm: null, avaliadoPorNome: null, updatedAt: new Date() };
    const result = await withTransaction(this.ds, async (m) => {
      const updated = await m.update(RegistroChecklist, { id: item.id, status: Not('aceito') }, enviado);
      if (updated.affected) await auditUpdate(m, { acao: 'registro.checklist.update', entidade: 'registros', entidadeId: r.id }, item, enviado, { item: item.nome });
      return updated;
    });
    if (!result.affected) {
      // Accepted meanwhile: the file just stored is not wanted (its sender may delete it, nobody has opened it).
      await this.documentosService.deleteDocumento(actor, doc.id).catch(() => undefined);
      throw new ConflictException(ITEM_JA_ACEITO);
    }
    // A client's file: the responsável's bell (issue 53).
    if (doc.enviadoPor === 'cliente' && r.responsavelId) {
      await this.avisos.notify([r.responsavelId], (p) => ({ tipo: 'checklist.enviado', titulo: `${doc.enviadoPorNome} enviou "${item.nome}" no checklist do registro ${r.numero}`, link: avisoRegistroPath(p, r.id) }));
    }
    const [resp] = await this.toResponses([await this.itens.findOneByOrFail({ id: item.id })]);
    return resp;
  }

  async avaliar(actor: AuthPrincipal, registroId: string, itemId: string, status: 'aceito' | 'recusado', motivo?: string): Promise<ChecklistItemResponse> {
    const r = await this.policy.require<Registro>(actor, 'registro.read', registroId);
    const item = await this.findItem(r.id, itemId);
    const texto = motivo?.trim() ?? '';
    if (status === 'recusado' && !texto) throw new UnprocessableEntityException(MOTIVO_OBRIGATORIO);
    if (!item.documentoId || item.status === 'pendente') throw new ConflictException(ITEM_SEM_ARQUIVO);
    if (item.status === 'recusado') throw new ConflictException(ITEM_JA_RECUSADO);
    if (item.status === status) {
      const [same] = await this.toResponses([item]);
      return same;
    }
    const nome = (await this.users.findOne({ where: { id: actor.id }, select: { id: true, nomeCompleto: true } }))?.nomeCompleto ?? 'Equipe';
    // Conditional on what was read: a new file sent meanwhile is judged on its own.
    const decisao = { status, motivo: status === 'recusado' ? texto : null, avaliadoEm: new Date(), avaliadoPorNome: nome, updatedAt: new Date() };
    const result = await withTransaction(this.ds, async (m) => {
      const updated = await m.update(RegistroChecklist, { id: item.id, status: item.status, documentoId: item.documentoId }, decisao);
      if (updated.affected) await auditUpdate(m, { acao: 'registro.checklist.decisao', entidade: 'registros', entidadeId: r.id }, item, decisao, { item: item.nome });
      // Issue 52: a file the team judged has been seen by the team (the portal no longer says "ainda não aberto").
      if (updated.affected) {
        await m.createQueryBuilder().update(Documento).set({ lidoEquipeEm: decisao.avaliadoEm }).where('id = :id AND lidoEquipeEm IS NULL', { id: item.documentoId }).execute();
      }
      return updated;
    });
    if (!result.affected) throw new ConflictException('O item mudou enquanto isso (um novo arquivo foi enviado?). Recarregue e avalie de novo.');
    if (status === 'recusado') await this.notifier.documentoRecusado(r, item.nome, texto);
    else await this.notifier.documentoAceito(r, item.nome);
    const [resp] = await this.toResponses([await this.itens.findOneByOrFail({ id: item.id })]);
    return resp;
  }

  /**
   * The gate of stages that need documents: the names of the required items with these keys that
   * are not accepted yet (empty: the stage may complete). Keys the registro has no item for ask nothing.
   */
  async missingForKeys(registroId: string, keys: readonly string[]): Promise<string[]> {
    if (!keys.length) return [];
    const rows = await this.itens.find({
      where: { registroId, chave: In([...keys]), obrigatorio: true, status: Not('aceito') },
      order: { ordem: 'ASC' },
      select: { id: true, nome: true },
    });
    return rows.map((r) => r.nome);
  }

  /** 409 listing what is missing, for a stage with `documentos` keys. */
  async assertDocumentosAceitos(registroId: string, keys: readonly string[]): Promise<void> {
    const faltam = await this.missingForKeys(registroId, keys);
    if (faltam.length) {
      throw new ConflictException(`Esta etapa só pode ser concluída com os documentos aceitos. Falta${faltam.length > 1 ? 'm' : ''}: ${faltam.join('; ')}.`);
    }
  }

  /** A client's items to send or send again, on its open registros ("Aguardando você"), by registro and order. */
  async pendentesDoCliente(clienteId: string): Promise<(ChecklistItemResponse & { registroNumero: string; registroTipo: string })[]> {
    const rows = await this.itens
      .createQueryBuilder('i')
      .innerJoin(Registro, 'r', 'r.id = i.registroId')
      .where('r.clienteId = :clienteId AND r.status IN (:...abertos)', { clienteId, abertos: OPEN_REGISTRO_STATUSES })
      .andWhere("(i.status IN ('pendente', 'recusado') OR (i.status = 'enviado' AND i.documentoId IS NULL))")
      .orderBy('r.createdAt', 'ASC')
      .addOrderBy('i.registroId', 'ASC')
      .addOrderBy('i.ordem', 'ASC')
      .getMany();
    if (!rows.length) return [];
    const registros = await this.registrosRepo.find({ where: { id: In([...new Set(rows.map((i) => i.registroId))]) }, select: { id: true, numero: true, tipo: true } });
    const byId = new Map(registros.map((r) => [r.id, r]));
    const items = await this.toResponses(rows);
    return items.map((it) => ({ ...it, registroNumero: byId.get(it.registroId)?.numero ?? '', registroTipo: byId.get(it.registroId)?.tipo ?? '' }));
  }

  // ---------------------------------------------------------------- helpers

  private async findItem(registroId: string, itemId: string): Promise<RegistroChecklist> {
    const item = await this.itens.findOne({ where: { id: itemId, registroId } });
    if (!item) throw new NotFoundException(ITEM_NOT_FOUND);
    return item;
  }

  private async toResponses(rows: RegistroChecklist[]): Promise<ChecklistItemResponse[]> {
    const docIds = rows.map((r) => r.documentoId).filter((v): v is string => !!v);
    const docs = docIds.length ? await this.documentos.find({ where: { id: In(docIds) }, select: { id: true, nomeArquivo: true } }) : [];
    const nomes = new Map(docs.map((d) => [d.id, d.nomeArquivo]));
    return rows.map((r) => {
      const doc = r.documentoId && nomes.has(r.documentoId) ? r.documentoId : null;
      // A file deleted by the client before staff opened it leaves the item waiting for another.
      const status = !doc && r.status === 'enviado' ? 'pendente' : r.status;
      return {
        _id: r.id,
        registroId: r.registroId,
        chave: r.chave,
        nome: r.nome,
        descricao: r.descricao,
        obrigatorio: r.obrigatorio,
        ordem: r.ordem,
        status,
        motivo: r.motivo,
        documentoId: doc,
        nomeArquivo: doc ? nomes.get(doc) ?? null : null,
        enviadoEm: doc ? toIso(r.enviadoEm) : null,
        avaliadoEm: toIso(r.avaliadoEm),
        avaliadoPorNome: r.avaliadoPorNome,
      };
    });
  }
}
