import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  OnApplicationBootstrap,
  OnModuleInit,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { DataSource, In, IsNull, Repository } from 'typeorm';
import { appendAudit, diffOf } from '../auditoria';
import { newId, withTransaction } from '../platform/database';
import { can, DOCUMENTO_ALREADY_DELIVERED, DOCUMENTO_ALREADY_OPENED_BY_STAFF, DocumentoResponse } from '@veritas/common';
import { JobScheduler } from '../platform/jobs';
import { APP_CONFIG, AppConfig } from '../platform/config';
import type { AuthPrincipal } from '../platform/request';
import { Cliente, ClienteDependentsRegistry } from '../clientes';
import { Registro } from '../registros';
import { DOCUMENT_STORAGE, DocumentStorage } from '../platform/storage';
import { User } from '../users';
import { autorCliente, avisoRegistroPath, clienteOf, membroOf, sideOf } from '@veritas/common';
import { AvisosService } from '../avisos';
import { PolicyService } from '../platform/access';
import { UploadDocumentoDto } from './dto/documento.dto';
import { documentoBusca } from './documento-busca';
import { DocumentoNotifier } from './documento-notifier';
import { DocumentosQueries } from './documentos-queries.service';
import { Documento } from './entities/documento.entity';
import { baseName, cleanFileName } from './file-name';
import { classify, sniffFile } from './sniff';
import type { StoredFile } from '../platform/http';

export const REGISTRO_NOT_FOUND = 'Registro não encontrado.';
export const CLIENTE_NOT_FOUND = 'Cliente não encontrado.';
export const NO_FILE = 'Envie o arquivo no campo "arquivo" (multipart/form-data).';
export const EMPTY_FILE = 'O arquivo está vazio.';
export const CLIENTE_ID_REQUIRED = 'Informe o cliente (clienteId) ou o registro (registroId) do documento.';
export const CLIENTE_ONLY_OWN = 'O campo clienteId é informado apenas pela equipe.';
export const FILE_MISSING = 'O arquivo deste documento não está disponível. Avise o escritório.';

/** How long a file without a row may sit before a sweep takes it for a crash's leftover. */
const ORPHAN_GRACE_MS = 15 * 60_000;
const SWEEP_EVERY_MS = 6 * 60 * 60_000;

/** Where a document came from, written with its row. */
export type DocumentoMarcas = Partial<Pick<Documento, 'mensagemId' | 'origemEmailId' | 'origemAnexoIndice'>>;

export interface Download {
  doc: Documento;
  stream: Readable;
}

/**
 * Documents' rows and files: uploads, downloads (recording the first opening by the other side), deletes,
 * and the sweep of files a crash left without a row. Reading lists is DocumentosQueries'.
 */
@Injectable()
export class DocumentosService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(DocumentosService.name);

  constructor(
    @InjectRepository(Documento) private readonly documentos: Repository<Documento>,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dependents: ClienteDependentsRegistry,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly queries: DocumentosQueries,
    private readonly jobs: JobScheduler,
    private readonly policy: PolicyService,
    private readonly avisos: AvisosService,
    private readonly notifier: DocumentoNotifier,
  ) {}

  /** Deleting a client takes its documents: rows in the transaction, files once it has committed. */
  onModuleInit(): void {
    this.dependents.register({
      label: 'documentos',
      count: (clienteId) => this.documentos.count({ where: { clienteId } }),
      removeAll: async (clienteId, m) => {
        await m.delete(Documento, { clienteId });
      },
      afterRemoval: (clienteId) => this.storage.deletePrefix(`documentos/${clienteId}`),
    });
  }

  /**
   * A crash can leave a file without its row (or a half upload): swept at start-up and every 6 h.
   * The temporary folder is emptied whole before serving: no upload can be in flight yet.
   */
  async onApplicationBootstrap(): Promise<void> {
    // Sweeps belong to the job replica: another replica sharing the files must not empty a
    // temporary folder a peer is writing to.
    if (!this.config.scale.backgroundJobs) return;
    const temp = await this.storage.sweepTemp(0).catch(() => 0);
    if (temp) this.logger.warn(`${temp} envio(s) interrompido(s) removido(s) da pasta temporária.`);
    this.jobs.schedule({ name: 'DocumentosVarredura', everyMs: SWEEP_EVERY_MS, runOnce: () => this.sweepOrphans() }, { now: true });
  }

  // ---------------------------------------------------------------- upload

  /**
   * Stores an upload: content checked, then the file renamed into place, then the row written. If
   * the row cannot be written the file is removed again; if the process dies in between, the
   * sweep removes the file. A row never points at a file that is not there.
   */
  /**
   * `avisar` false: the caller tells the responsável itself (a checklist item's file, a message's). `marcas`: where
   * the file came from, written with the row (a mail attachment's origin is unique per registro: a second one fails here).
   */
  async upload(actor: AuthPrincipal, file: StoredFile | undefined, dto: UploadDocumentoDto, avisar = true, marcas: DocumentoMarcas = {}): Promise<Documento> {
    if (!file) throw new BadRequestException(NO_FILE);
    if (file.size === 0) throw new BadRequestException(EMPTY_FILE);
    const { clienteId, registroId, registro } = await this.owner(actor, dto);

    const verdict = classify(await sniffFile(file.path), file.originalname);
    if (!verdict.ok) throw new UnsupportedMediaTypeException(verdict.message);
    const nomeArquivo = cleanFileName(file.originalname, verdict.ext);
    const autor = await this.autorDe(actor);

    const titulo = dto.titulo || baseName(nomeArquivo).slice(0, 200);
    const id = newId();
    const storageKey = `documentos/${clienteId}/${id}`;
    const sha256 = await sha256Of(file.path);
    await this.storage.putFile(storageKey, file.path);
    let saved: Documento;
    try {
      saved = await this.documentos.save(
        this.documentos.create({
          id,
          clienteId,
          registroId,
          titulo,
          nomeArquivo,
          busca: documentoBusca(titulo, nomeArquivo),
          mime: verdict.mime,
          tipo: verdict.tipo,
          tamanho: file.size,
          sha256,
          storageKey,
          enviadoPor: autor.tipo,
          enviadoPorId: actor.id,
          enviadoPorNome: autor.nome,
          baixadoClienteEm: null,
          lidoEquipeEm: null,
          ...marcas,
        }),
      );
    } catch (err) {
      await this.storage.delete(storageKey).catch((e) => this.logger.error(`Arquivo órfão ${storageKey}: ${(e as Error).message}`));
      throw err;
    }
    // A client's file on a registro: its responsável's bell (issue 53).
    if (avisar && autor.tipo === 'cliente' && registro?.responsavelId) {
      await this.avisos.notify([registro.responsavelId], (p) => ({ tipo: 'documento.enviado', titulo: `${autor.nome} enviou "${titulo}" no registro ${registro.numero}`, link: avisoRegistroPath(p, registro.id) }));
    }
    // The firm's file for the client: the client is told (issue 53), once the row is there.
    if (avisar && autor.tipo === 'equipe') await this.notifier.disponivel({ clienteId, titulo, registro: registro && { id: registro.id, numero: registro.numero } });
    return saved;
  }

  private async owner(actor: AuthPrincipal, dto: UploadDocumentoDto): Promise<{ clienteId: string; registroId: string | null; registro: Registro | null }> {
    const own = clienteOf(actor);
    let clienteId: string | undefined;
    if (own) {
      if (dto.clienteId && dto.clienteId !== own) throw new BadRequestException(CLIENTE_ONLY_OWN);
      clienteId = own;
    } else {
      clienteId = dto.clienteId;
    }
    let registroId: string | null = null;
    let registro: Registro | null = null;
    if (dto.registroId) {
      // A registro the caller may not see (another client's, another associado's), or one of another
      // client than the one named: not found.
      const r = await this.policy.require<Registro>(actor, 'registro.read', dto.registroId);
      if (clienteId && r.clienteId !== clienteId) throw new NotFoundException(REGISTRO_NOT_FOUND);
      registroId = r.id;
      registro = r;
      clienteId = r.clienteId;
    }
    if (!clienteId) throw new BadRequestException(CLIENTE_ID_REQUIRED);
    // A client's own id needs no read; staff name a client that exists.
    if (!own) await this.policy.require(actor, 'cliente.read', clienteId);
    return { clienteId, registroId, registro };
  }

  /**
   * Opens the file and records the first download: by the client (proof of delivery), or by staff
   * of a client's upload (from then on the client may no longer delete it). Recorded when the
   * download starts, with conditional updates so only the first one counts.
   */
  async openDownload(actor: AuthPrincipal, id: string): Promise<Download> {
    const doc = await this.policy.require<Documento>(actor, 'documento.read', id);
    let stream: Readable;
    try {
      stream = await this.storage.openRead(doc.storageKey);
    } catch (err) {
      this.logger.error(`Arquivo ausente para o documento ${doc.id} (${doc.storageKey}): ${(err as Error).message}`);
      throw new NotFoundException(FILE_MISSING);
    }
    const now = new Date();
    // The first opening by the other side, with its entry in the trail (issue 16), in one transaction.
    const first = async (field: 'baixadoClienteEm' | 'lidoEquipeEm', acao: string) =>
      withTransaction(this.ds, async (m) => {
        const { affected } = await m.update(Documento, { id: doc.id, [field]: IsNull() }, { [field]: now });
        if (affected) await appendAudit(m, { acao, entidade: 'documentos', entidadeId: doc.id, clienteId: doc.clienteId, registroId: doc.registroId, diff: { [field]: [null, now.toISOString()], titulo: [doc.titulo, doc.titulo] } });
      });
    const side = sideOf(actor);
    if (side === 'cliente' && !doc.baixadoClienteEm) {
      await first('baixadoClienteEm', 'documento.download');
    } else if (side === 'equipe' && doc.enviadoPor === 'cliente' && !doc.lidoEquipeEm) {
      await first('lidoEquipeEm', 'documento.leitura');
    }
    return { doc, stream };
  }

  // ---------------------------------------------------------------- deleting

  /**
   * The board deletes any document; its uploader only before the other side opened it (a client's
   * upload until staff open it, a staff member's until the client downloads it: the proof of delivery).
   */
  async deleteDocumento(actor: AuthPrincipal, id: string): Promise<DocumentoResponse> {
    // Seen (else 404), then the board's or its uploader's before the other side opened it (403, 409).
    const doc = await this.policy.require<Documento>(actor, 'documento.delete', id);
    const [resp] = await this.queries.toResponses([doc]);
    // Conditional on what was decided: the other side may open it between our read and this delete.
    const side = sideOf(actor);
    const unopened = can(actor, 'documentos.deleteAny') ? {} : side === 'cliente' ? { lidoEquipeEm: IsNull() } : { baixadoClienteEm: IsNull() };
    const result = await withTransaction(this.ds, async (m) => {
      const deleted = await m.delete(Documento, { id: doc.id, ...unopened });
      if (deleted.affected) await appendAudit(m, { acao: 'documento.delete', entidade: 'documentos', entidadeId: doc.id, clienteId: doc.clienteId, registroId: doc.registroId, diff: diffOf(doc as unknown as Record<string, unknown>, null) });
      return deleted;
    });
    if (!result.affected) {
      throw new ConflictException(side === 'cliente' ? DOCUMENTO_ALREADY_OPENED_BY_STAFF : DOCUMENTO_ALREADY_DELIVERED);
    }
    // Row first, then the file: a crash in between leaves a file the sweep removes, never a dangling row.
    await this.storage.delete(doc.storageKey).catch((e) => this.logger.error(`Arquivo ${doc.storageKey} não removido: ${(e as Error).message}`));
    return resp;
  }

  /** Removes files no row points at (older than the grace time) and stale temporary uploads. */
  async sweepOrphans(graceMs = ORPHAN_GRACE_MS): Promise<{ orphans: number; temp: number }> {
    const temp = await this.storage.sweepTemp(graceMs);
    const limit = Date.now() - graceMs;
    let orphans = 0;
    let batch: string[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const known = await this.documentos.find({ where: { storageKey: In(batch) }, select: { id: true, storageKey: true } });
      const keep = new Set(known.map((d) => d.storageKey));
      for (const key of batch) {
        if (keep.has(key)) continue;
        await this.storage.delete(key);
        orphans += 1;
        this.logger.warn(`Arquivo sem registro removido: ${key}`);
      }
      batch = [];
    };
    for await (const f of this.storage.list('documentos')) {
      if (f.modifiedAt.getTime() > limit) continue;
      batch.push(f.key);
      if (batch.length >= 500) await flush();
    }
    await flush();
    return { orphans, temp };
  }

  // ---------------------------------------------------------------- helpers

  /** Who acts, as a document or a message names them: the client's company name, or the staff member's. */
  async autorDe(actor: AuthPrincipal): Promise<{ tipo: 'cliente' | 'equipe'; nome: string }> {
    const own = clienteOf(actor);
    if (own) {
      const membro = membroOf(actor);
      const c = membro ? null : await this.clientes.findOne({ where: { id: own }, select: { id: true, razaoSocial: true } });
      return { tipo: 'cliente', nome: autorCliente(membro, c?.razaoSocial) };
    }
    const u = await this.users.findOne({ where: { id: actor.id }, select: { id: true, nomeCompleto: true } });
    return { tipo: 'equipe', nome: u?.nomeCompleto ?? 'Equipe' };
  }
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}
