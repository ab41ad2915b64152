import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import archiver from 'archiver';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { finished } from 'node:stream/promises';
import { In, Repository } from 'typeorm';
import { EXPORTACAO_VALIDADE_DIAS } from '@veritas/common';
import type { AuthPrincipal } from '../auth/principal';
import { toIso } from '../common/entity-base';
import type { ListRequest } from '../common/list-query';
import { toClienteResponse } from '../clientes/cliente.mapper';
import { ClientesService } from '../clientes/clientes.service';
import { ContatoMensagem } from '../contato/entities/contato-mensagem.entity';
import { DocumentosService } from '../documentos/documentos.service';
import { Documento } from '../documentos/entities/documento.entity';
import { CobrancasService } from '../financas/cobrancas.service';
import { RegistrosService } from '../registros/registros.service';
import { DOCUMENT_STORAGE, DocumentStorage } from '../storage/storage';
import { SolicitacaoTitular } from './entities/solicitacao-titular.entity';

const DAY_MS = 86_400_000;
const PAGE = 500;

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
 * portal, as JSON files in a ZIP with its document files. Each part is read through the same
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
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
    private readonly clientes: ClientesService,
    private readonly registros: RegistrosService,
    private readonly documentosService: DocumentosService,
    private readonly cobrancas: CobrancasService,
  ) {}

  /** Builds the ZIP of request `id` (status processando) and marks it pronta, or falhou; never throws. */
  async generate(id: string, now: () => Date = () => new Date()): Promise<void> {
    const req = await this.solicitacoes.findOne({ where: { id } });
    if (!req || req.tipo !== 'exportacao' || req.status !== 'processando') return;
    const temp = path.join(this.storage.tempDir, `exportacao-${randomUUID()}.zip`);
    try {
      await this.writeZip(req.clienteId, temp, now());
      const key = `${exportacaoPrefix(req.clienteId)}/${req.id}`;
      const { size } = await fsp.stat(temp);
      await this.storage.putFile(key, temp);
      await this.solicitacoes.update(
        { id: req.id, status: 'processando' },
        { status: 'pronta', arquivoKey: key, tamanho: size, expiraEm: new Date(now().getTime() + EXPORTACAO_VALIDADE_DIAS * DAY_MS), erro: null },
      );
    } catch (err) {
      this.logger.error(`Exportação ${req.id} falhou: ${(err as Error).message}`);
      await this.solicitacoes.update({ id: req.id }, { status: 'falhou', erro: 'Não foi possível gerar o arquivo. Peça uma nova cópia.' }).catch(() => undefined);
    } finally {
      await fsp.rm(temp, { force: true });
    }
  }

  private async writeZip(clienteId: string, file: string, geradoEm: Date): Promise<void> {
    const cliente = await this.clientes.getCliente(clienteId);
    const actor: AuthPrincipal = { role: 'cliente', id: cliente.id, email: cliente.email };

    const resumos = await this.registros.listByCliente(actor, cliente.id);
    const registros = [];
    for (const r of resumos) registros.push(await this.registros.getDetalhe(actor, r._id));
    const documentos = await allPages((r) => this.documentosService.listDocumentos(actor, r), 'd.createdAt');
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
    };

    const zip = archiver('zip', { zlib: { level: 6 } });
    const out = fs.createWriteStream(file, { mode: 0o600 });
    const done = finished(out);
    const failed = new Promise<never>((_, reject) => zip.on('error', reject));
    zip.pipe(out);
    const json = (name: string, data: unknown) => zip.append(`${JSON.stringify(data, null, 2)}\n`, { name });
    json('LEIA-ME.json', {
      titular: cliente.razaoSocial,
      geradoEm: geradoEm.toISOString(),
      conteudo: {
        'cadastro.json': 'Os dados cadastrais da empresa e do responsável.',
        'registros.json': 'Os registros, com o histórico, as etapas, as exigências e os itens do checklist visíveis na área do cliente.',
        'documentos.json': 'Os documentos (dados de cada arquivo); os arquivos estão na pasta documentos/.',
        'cobrancas.json': 'As cobranças e os pagamentos.',
        'consentimentos.json': 'Os consentimentos dados, com data e hora.',
      },
    });
    json('cadastro.json', toClienteResponse(cliente, await this.clientes.tipoOf(cliente)));
    json('registros.json', registros);
    json('documentos.json', documentos.map((d) => ({ ...d, arquivoNoZip: keyOf.has(d._id) ? entryName(d._id, d.nomeArquivo) : null })));
    json('cobrancas.json', cobrancas);
    json('consentimentos.json', consentimentos);
    for (const d of documentos) {
      const key = keyOf.get(d._id);
      if (!key) continue;
      // One file at a time: archiver reads each stream to its end before the next.
      const stream = await this.storage.openRead(key);
      zip.append(stream, { name: entryName(d._id, d.nomeArquivo) });
      await new Promise<void>((resolve, reject) => {
        stream.once('end', resolve);
        stream.once('close', resolve);
        stream.once('error', reject);
      });
    }
    await Promise.race([zip.finalize(), failed]);
    await Promise.race([done, failed]);
  }
}
