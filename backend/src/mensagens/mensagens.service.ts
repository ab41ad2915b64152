import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Repository } from 'typeorm';
import { avisoRegistroPath, clienteOf, membroOf, type MensagemArquivo, type MensagemLado, type RegistroMensagemItem, sideOf } from '@veritas/common';
import { AvisosService } from '../avisos';
import { Documento, DocumentosService } from '../documentos';
import { PolicyService } from '../platform/access';
import { newId, outsideTransactions, toIso } from '../platform/database';
import type { StoredFile } from '../platform/http';
import { LIKE_ESCAPE, likeContains, type ListRequest, searchText } from '../platform/read-side';
import type { AuthPrincipal } from '../platform/request';
import type { Registro } from '../registros';
import type { NovaMensagemDto } from './dto/mensagem.dto';
import { RegistroMensagem } from './entities/registro-mensagem.entity';
import { MensagemNotifier } from './mensagem-notifier';

const outroLado = (lado: MensagemLado): MensagemLado => (lado === 'cliente' ? 'equipe' : 'cliente');

/**
 * A registro's conversation between its client and the firm (issue 56, ADR 0057). Whoever sees the registro
 * (PolicyService, 'registro.read': a client its own, an associado its own and the unassigned, the rest of the
 * staff all) reads it, writes on it and marks the other side's messages read; anyone else gets 404. A message's
 * files go through the documents' upload (bound, sniffing, storage) and stay documents of the registro.
 */
@Injectable()
export class MensagensService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(RegistroMensagem) private readonly mensagens: Repository<RegistroMensagem>,
    private readonly policy: PolicyService,
    private readonly documentos: DocumentosService,
    private readonly avisos: AvisosService,
    private readonly notifier: MensagemNotifier,
  ) {}

  /** A page of the conversation (q: words of the text), its total, and how many of the other side's the caller has not read. */
  async list(actor: AuthPrincipal, registroId: string, req: ListRequest): Promise<{ rows: RegistroMensagemItem[]; total: number; naoLidas: number }> {
    const registro = await this.policy.require<Registro>(actor, 'registro.read', registroId);
    const qb = this.mensagens.createQueryBuilder('m').where('m.registroId = :registro', { registro: registro.id });
    const q = searchText(req.filter);
    if (q) qb.andWhere(`m.texto LIKE :q ${LIKE_ESCAPE}`, { q: likeContains(q) });
    const [rows, total, naoLidas] = await Promise.all([
      qb.clone().orderBy(req.sortColumn, req.sortOrder).addOrderBy('m.id', req.sortOrder).offset(req.skip).limit(req.take).getMany(),
      qb.getCount(),
      this.mensagens.count({ where: { registroId: registro.id, lado: outroLado(sideOf(actor)), lidaEm: IsNull() } }),
    ]);
    return { rows: await this.toItems(rows), total, naoLidas };
  }

  /**
   * Writes a message: its files first (each a document of the registro marked with the message; one refused
   * takes back those stored before it), then the row. Then the other side is told: the registro's responsável
   * (the board when it has none) in the bell, or the client by e-mail, as its preferences allow.
   */
  async post(actor: AuthPrincipal, registroId: string, dto: NovaMensagemDto, files: readonly StoredFile[]): Promise<RegistroMensagemItem> {
    const registro = await this.policy.require<Registro>(actor, 'registro.read', registroId);
    const autor = await this.documentos.autorDe(actor);
    const id = newId();
    const docs: Documento[] = [];
    const now = new Date();
    const row = {
      id,
      registroId: registro.id,
      lado: autor.tipo,
      autorNome: autor.nome.slice(0, 200),
      autorUsuarioId: autor.tipo === 'equipe' ? actor.id : null,
      autorClienteId: clienteOf(actor),
      autorMembroId: membroOf(actor)?.id ?? null,
      texto: dto.texto,
      lidaEm: null,
      createdAt: now,
      updatedAt: now,
    } satisfies Partial<RegistroMensagem>;
    try {
      for (const file of files) docs.push(await this.documentos.upload(actor, file, { registroId: registro.id }, false, { mensagemId: id }));
      await outsideTransactions(this.ds, (m) => m.insert(RegistroMensagem, row));
    } catch (err) {
      // Nobody has opened them yet: their sender may take them back.
      for (const d of docs) await this.documentos.deleteDocumento(actor, d.id).catch(() => undefined);
      throw err;
    }
    await this.avisar(registro, autor.tipo, autor.nome, dto.texto);
    const [item] = await this.toItems([await this.mensagens.findOneByOrFail({ id })]);
    return item;
  }

  /** The caller has read the conversation: every message of the other side gets its receipt (once). Answers how many changed. */
  async marcarLidas(actor: AuthPrincipal, registroId: string): Promise<number> {
    const registro = await this.policy.require<Registro>(actor, 'registro.read', registroId);
    const now = new Date();
    const r = await outsideTransactions(this.ds, (m) =>
      m.update(RegistroMensagem, { registroId: registro.id, lado: outroLado(sideOf(actor)), lidaEm: IsNull() }, { lidaEm: now, updatedAt: now }),
    );
    return r.affected ?? 0;
  }

  private async avisar(registro: Registro, lado: MensagemLado, autorNome: string, texto: string): Promise<void> {
    if (lado === 'equipe') {
      await this.notifier.respondida({ clienteId: registro.clienteId, registro: { id: registro.id, numero: registro.numero }, autorNome, texto });
      return;
    }
    const aviso = (p: Parameters<typeof avisoRegistroPath>[0]) => ({ tipo: 'mensagem.recebida' as const, titulo: `${autorNome} escreveu no registro ${registro.numero}`, link: avisoRegistroPath(p, registro.id) });
    if (registro.responsavelId) await this.avisos.notify([registro.responsavelId], aviso);
    else await this.avisos.notifyGrupo('mensagemSemResponsavel', aviso);
  }

  private async toItems(rows: RegistroMensagem[]): Promise<RegistroMensagemItem[]> {
    const docs = rows.length
      ? await this.ds.getRepository(Documento).find({
          where: { mensagemId: In(rows.map((r) => r.id)) },
          select: { id: true, mensagemId: true, titulo: true, nomeArquivo: true, tipo: true, tamanho: true, createdAt: true },
          order: { createdAt: 'ASC', id: 'ASC' },
        })
      : [];
    const porMensagem = new Map<string, MensagemArquivo[]>();
    for (const d of docs) {
      const list = porMensagem.get(d.mensagemId ?? '') ?? [];
      list.push({ _id: d.id, titulo: d.titulo, nomeArquivo: d.nomeArquivo, tipo: d.tipo, tamanho: d.tamanho });
      porMensagem.set(d.mensagemId ?? '', list);
    }
    return rows.map((m) => ({
      _id: m.id,
      registroId: m.registroId,
      lado: m.lado,
      autorNome: m.autorNome,
      texto: m.texto,
      criadoEm: toIso(m.createdAt) ?? '',
      lidaEm: toIso(m.lidaEm),
      arquivos: porMensagem.get(m.id) ?? [],
    }));
  }
}
