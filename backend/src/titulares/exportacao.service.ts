import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import archiver from 'archiver';
import { randomUUID } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { In, IsNull, Not, Repository } from 'typeorm';
import { capacidadesDe, EXPORTACAO_VALIDADE_DIAS, PAPEL_MEMBRO_LABELS } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { toIso } from '../platform/database';
import type { ListRequest } from '../platform/read-side';
import { ClienteMembro, ClientesService, toClienteResponse } from '../clientes';
import { ContatoMensagem } from '../contato';
import { Documento, DocumentosQueries } from '../documentos';
import { CobrancasQueryService } from '../financas';
import { RegistrosQueryService } from '../registros';
import { DOCUMENT_STORAGE, DocumentStorage } from '../platform/storage';
import { AgendaEvento } from '../agenda';
import { MailOutbox } from '../mail';
import { RegistroMensagem } from '../mensagens';
import { NoticePreferences, NovidadesService } from '../notificacoes';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { SolicitacaoTitular } from './entities/solicitacao-titular.entity';

const DAY_MS = 86_400_000;
const PAGE = 500;
/** How often a generation in progress says it is alive (updatedAt). */
export const HEARTBEAT_MS = 15_000;
export const FALHOU = 'Não foi possível gerar o arquivo. Peça uma nova cópia.';

/** Where a client's exports live in the document storage (removed with the client, or when they expire). */
export const exportacaoPrefix = (clienteId: string) => `exportacoes/${clienteId}`;

/** Every page of a list the portal reads page by page. */
async function allPages<T>(fetch: (req: ListRequest) => Promise<[T[], number]>, sortColumn: string): Promise<T[]> {
  const out: T[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const [rows, total] = await fetch({ skip, take: PAGE, sortColumn, sortOrder: 'ASC', filter: {} });
    out.push(...rows);
    if (!rows.length || skip + rows.length >= total) return out;
  }
}

/** A name safe inside the ZIP: the document's id first (unique), then its original name without path parts. */
function entryName(id: string, nomeArquivo: string): string {
  const base = path.basename(nomeArquivo.replace(/\\/g, '/')).replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120) || 'arquivo';
  return `documentos/${id}-${base}`;
}

/**
 * Access and portability (LGPD art. 18 II and V): everything the client can see about itself in the
 * portal, as JSON files in a ZIP with its document files (the files streamed from the live storage at
 * download, issue 55). Each part is read through the same
 * service the portal's own routes use, with the client as the caller, so the export shows exactly
 * what the portal shows (the history and stages visible to it, never staff-only notes) and nothing
 * of any other client. `generate` is a plain function of the request's id: the in-process runner
 * calls it now, and a queue could call it later.
 */
@Injectable()
export class ExportacaoService {
  private readonly logger = new Logger(ExportacaoService.name);

  constructor(
    @InjectRepository(SolicitacaoTitular) private readonly solicitacoes: Repository<SolicitacaoTitular>,
    @InjectRepository(Documento) private readonly documentos: Repository<Documento>,
    @InjectRepository(ContatoMensagem) private readonly contatos: Repository<ContatoMensagem>,
    @InjectRepository(AgendaEvento) private readonly eventos: Repository<AgendaEvento>,
    @InjectRepository(MailOutbox) private readonly outbox: Repository<MailOutbox>,
    @InjectRepository(RegistroMensagem) private readonly conversas: Repository<RegistroMensagem>,
    @InjectRepository(ClienteMembro) private readonly membros: Repository<ClienteMembro>,
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clientes: ClientesService,
    private readonly registros: RegistrosQueryService,
    private readonly documentosQueries: DocumentosQueries,
    private readonly cobrancas: CobrancasQueryService,
    private readonly preferencias: NoticePreferences,
    private readonly novidades: NovidadesService,
  ) {}

  /**
   * Builds the parts of request `id` (status processando) and marks it pronta, or falhou; never
   * throws. Only the JSON parts are kept (`exportacoes/<cliente>/<id>`): the documents' files are
   * read from the live storage when the ZIP is downloaded (`openZip`), never copied. While it runs the
   * row's updatedAt is touched, so a replica starting up does not take it for abandoned.
   */
  async generate(id: string, now: () => Date = () => new Date()): Promise<void> {
    const req = await this.solicitacoes.findOne({ where: { id } });
    if (!req || req.tipo !== 'exportacao' || req.status !== 'processando') return;
    await this.solicitacoes.update({ id }, { tentativas: () => 'tentativas + 1', updatedAt: now() });
    const heartbeat = setInterval(() => void this.solicitacoes.update({ id, status: 'processando' }, { updatedAt: new Date() }).catch(() => undefined), HEARTBEAT_MS);
    heartbeat.unref();
    const temp = path.join(this.storage.tempDir, `exportacao-${randomUUID()}.json`);
    try {
      const { partes, documentos } = await this.parts(req.clienteId, now());
      await fsp.writeFile(temp, JSON.stringify({ formato: 1, partes }), { mode: 0o600 });
      const key = `${exportacaoPrefix(req.clienteId)}/${req.id}`;
      const { size } = await fsp.stat(temp);
      await this.storage.putFile(key, temp);
      const tamanho = size + documentos.reduce((a, d) => a + d.tamanho, 0);
      await this.solicitacoes.update(
        { id: req.id, status: 'processando' },
        { status: 'pronta', arquivoKey: key, tamanho, armazenado: size, expiraEm: new Date(now().getTime() + EXPORTACAO_VALIDADE_DIAS * DAY_MS), erro: null },
      );
      await this.capStorage(req.id, now());
    } catch (err) {
      this.logger.error(`Exportação ${req.id} falhou: ${(err as Error).message}`);
      await this.solicitacoes.update({ id: req.id }, { status: 'falhou', erro: FALHOU }).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
      await fsp.rm(temp, { force: true });
    }
  }

  /**
   * Keeps the exports' stored parts within EXPORT_STORAGE_MAX_MB: past it, the oldest ready ones
   * expire first (their link answers 410, as after 7 days); `keep` (the one just made) stays.
   */
  async capStorage(keep: string, now: Date): Promise<number> {
    const rows = await this.solicitacoes.find({ where: { tipo: 'exportacao', status: 'pronta', arquivoKey: Not(IsNull()) }, order: { createdAt: 'ASC', id: 'ASC' } });
    let total = rows.reduce((a, r) => a + (r.armazenado ?? r.tamanho ?? 0), 0);
    let expired = 0;
    for (const r of rows) {
      if (total <= this.config.titulares.exportStorageMaxBytes) break;
      if (r.id === keep) continue;
      await this.storage.delete(r.arquivoKey!);
      await this.solicitacoes.update({ id: r.id }, { arquivoKey: null, expiraEm: now });
      total -= r.armazenado ?? r.tamanho ?? 0;
      expired += 1;
    }
    if (expired) this.logger.warn(`${expired} exportação(ões) expirada(s) antes do prazo: limite de armazenamento (EXPORT_STORAGE_MAX_MB).`);
    return expired;
  }

  /**
   * The ZIP of a ready export, made while it is sent: its JSON parts as generated, then each document
   * the parts list, read from the live storage (one at a time). A document deleted since is left out
   * and named in documentos-removidos.json.
   */
  async openZip(s: SolicitacaoTitular): Promise<Readable> {
    const stored = JSON.parse(await readText(await this.storage.openRead(s.arquivoKey!))) as { partes: Record<string, unknown> };
    const lista = (stored.partes['documentos.json'] ?? []) as { _id: string; arquivoNoZip: string | null }[];
    const ids = lista.filter((d) => d.arquivoNoZip).map((d) => d._id);
    const vivos = ids.length ? await this.documentos.find({ where: { id: In(ids), clienteId: s.clienteId }, select: { id: true, storageKey: true } }) : [];
    const keyOf = new Map(vivos.map((d) => [d.id, d.storageKey]));
    const zip = archiver('zip', { zlib: { level: 6 } });
    for (const [name, data] of Object.entries(stored.partes)) zip.append(`${JSON.stringify(data, null, 2)}\n`, { name });
    void (async () => {
      const removidos: string[] = [];
      for (const d of lista) {
        if (!d.arquivoNoZip) continue;
        const key = keyOf.get(d._id);
        const stream = key ? await this.storage.openRead(key).catch(() => null) : null;
        if (!stream) {
          removidos.push(d.arquivoNoZip);
          continue;
        }
        // One file at a time: archiver reads each stream to its end before the next.
        zip.append(stream, { name: d.arquivoNoZip });
        await new Promise<void>((resolve, reject) => {
          stream.once('end', resolve);
          stream.once('close', resolve);
          stream.once('error', reject);
        });
      }
      if (removidos.length) zip.append(`${JSON.stringify({ removidosDepoisDaGeracao: removidos }, null, 2)}\n`, { name: 'documentos-removidos.json' });
      await zip.finalize();
    })().catch((err: Error) => {
      this.logger.error(`Download da exportação ${s.id} interrompido: ${err.message}`);
      zip.destroy(err);
    });
    return zip;
  }

  /** Every part of the export as JSON values, by file name, and the documents listed. */
  private async parts(clienteId: string, geradoEm: Date): Promise<{ partes: Record<string, unknown>; documentos: { tamanho: number }[] }> {
    const cliente = await this.clientes.getCliente(clienteId);
    const actor: AuthPrincipal = { role: 'cliente', id: cliente.id, email: cliente.email };

    const resumos = await this.registros.listByCliente(actor, cliente.id);
    const registros = [];
    for (const r of resumos) registros.push(await this.registros.getDetalhe(actor, r._id));
    const documentos = await allPages((r) => this.documentosQueries.listDocumentos(actor, r), 'd.createdAt');
    const cobrancas = await allPages((r) => this.cobrancas.listMine(cliente.id, r), 'c.vencimento');
    const keys = documentos.length
      ? await this.documentos.find({ where: { id: In(documentos.map((d) => d._id)), clienteId: cliente.id }, select: { id: true, storageKey: true } })
      : [];
    const keyOf = new Map(keys.map((k) => [k.id, k.storageKey]));
    // The consents the client gave with their moments: the contact form's (same e-mail); the
    // registration itself rests on the contract (art. 7º V), its moment is the cadastro's.
    const mensagens = await this.contatos.find({ where: { email: cliente.email }, order: { createdAt: 'ASC' } });
    const consentimentos = {
      cadastro: { em: toIso(cliente.createdAt), baseLegal: 'Execução de contrato (LGPD, art. 7º, V)' },
      formularioDeContato: mensagens.map((m) => ({
        enviadoEm: toIso(m.createdAt),
        assunto: m.assunto,
        aceiteTermos: m.aceiteTermos,
        aceiteTermosEm: toIso(m.aceiteTermosEm),
      })),
      // Issue 53: which optional e-mails the client chose to receive (security and legal ones always go).
      notificacoes: await this.preferencias.get(cliente.id),
    };
    const partes: Record<string, unknown> = {
      'LEIA-ME.json': {
        titular: cliente.razaoSocial,
        geradoEm: geradoEm.toISOString(),
        conteudo: {
          'cadastro.json': 'Os dados cadastrais da empresa e do responsável.',
          'registros.json': 'Os registros, com o histórico, as etapas, as exigências e os itens do checklist visíveis na área do cliente.',
          'documentos.json': 'Os documentos (dados de cada arquivo); os arquivos estão na pasta documentos/.',
          'cobrancas.json': 'As cobranças e os pagamentos.',
          'consentimentos.json': 'Os consentimentos dados, com data e hora, e as notificações opcionais que a empresa escolheu receber.',
          'agenda.json': 'Os compromissos marcados com a empresa (reuniões, prazos, visitas), passados e futuros.',
          'emails.json': 'Os e-mails enviados à empresa pelo sistema: assunto, data e o evento que os gerou.',
          'novidades.json': 'Os avisos mostrados em Novidades, na área do cliente: título, evento, link, data e quando foram lidos.',
          'mensagens.json': 'As mensagens trocadas com a equipe em cada registro: quem escreveu, quando, o texto, os arquivos e quando foram lidas.',
          'membros.json': 'As pessoas da empresa com acesso à área do cliente: nome, e-mail, CPF, papel, o que cada uma pode fazer e a situação do acesso.',
        },
      },
      'cadastro.json': toClienteResponse(cliente, await this.clientes.tipoOf(cliente)),
      'registros.json': registros,
      'documentos.json': documentos.map((d) => ({ ...d, arquivoNoZip: keyOf.has(d._id) ? entryName(d._id, d.nomeArquivo) : null })),
      'cobrancas.json': cobrancas,
      'consentimentos.json': consentimentos,
      'agenda.json': await this.agendaDe(cliente.id),
      'emails.json': await this.emailsPara(cliente.id),
      'novidades.json': await this.novidades.exportFor(cliente.id),
      'mensagens.json': await this.conversasDe(resumos.map((r) => ({ id: r._id, numero: r.numero }))),
      'membros.json': await this.membrosDe(cliente.id),
    };
    return { partes, documentos: documentos.filter((d) => keyOf.has(d._id)) };
  }

  /** The company's people with access to the portal (issue 54, ADR 0058): what the firm keeps of each, no secrets. */
  private async membrosDe(clienteId: string) {
    const rows = await this.membros.find({ where: { clienteId }, order: { createdAt: 'ASC' } });
    return rows.map((m) => ({
      nome: m.nome,
      email: m.email,
      cpf: m.cpf,
      papel: PAPEL_MEMBRO_LABELS[m.papel],
      capacidades: capacidadesDe(m.papel, m.capacidades),
      situacao: m.status,
      desde: toIso(m.createdAt),
    }));
  }

  /**
   * Every appointment the firm keeps with the client (issue 58), past and future, invited or not;
   * the staff's internal notes stay out, as everywhere the client reads its data.
   */
  private async agendaDe(clienteId: string) {
    const rows = await this.eventos.find({ where: { clienteId }, order: { inicio: 'ASC' } });
    return rows.map((e) => ({
      tipo: e.tipo,
      titulo: e.titulo,
      inicio: toIso(e.inicio),
      fim: toIso(e.fim),
      diaInteiro: e.diaInteiro,
      local: e.local,
      link: e.link,
      recorrencia: e.rrule,
      convidado: e.convidarCliente,
    }));
  }

  /** The conversations of the client's registros (ADR 0057), in order; the files are among documentos.json. */
  private async conversasDe(registros: { id: string; numero: string }[]) {
    const numero = new Map(registros.map((r) => [r.id, r.numero]));
    const rows = numero.size ? await this.conversas.find({ where: { registroId: In([...numero.keys()]) }, order: { createdAt: 'ASC', id: 'ASC' } }) : [];
    const arquivos = rows.length
      ? await this.documentos.find({ where: { mensagemId: In(rows.map((m) => m.id)) }, select: { id: true, mensagemId: true, nomeArquivo: true } })
      : [];
    return rows.map((m) => ({
      registro: numero.get(m.registroId),
      lado: m.lado,
      autor: m.autorNome,
      data: toIso(m.createdAt),
      texto: m.texto,
      lidaPeloOutroLadoEm: toIso(m.lidaEm),
      arquivos: arquivos.filter((d) => d.mensagemId === m.id).map((d) => entryName(d.id, d.nomeArquivo)),
    }));
  }

  /** The notifications e-mailed to the client (issue 58): subject, when queued and sent, the event. */
  private async emailsPara(clienteId: string) {
    const rows = await this.outbox.find({ where: { clienteId }, order: { createdAt: 'ASC' } });
    return rows.map((m) => ({
      assunto: m.assunto,
      evento: m.evento,
      data: toIso(m.createdAt),
      situacao: m.status === 'sent' ? 'enviado' : m.status === 'failed' ? 'não entregue' : m.status === 'cancelled' ? 'cancelado' : 'na fila',
      enviadoEm: m.status === 'sent' ? toIso(m.updatedAt) : null,
    }));
  }
}

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
