import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
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
import { Brackets, DataSource, In, IsNull, Repository, SelectQueryBuilder } from 'typeorm';
import { diffOf } from '../auditoria/audit-hash';
import { appendAudit } from '../auditoria/audit-log';
import { withTransaction } from '../common/transaction';
import {
  can,
  canDeleteDocumento,
  canSeeDocumento,
  canSeeRegistro,
  DOCUMENTO_ALREADY_DELIVERED,
  DOCUMENTO_ALREADY_OPENED_BY_STAFF,
  DocumentoResponse,
  normalizeSearch,
  registroScope,
} from '@veritas/common';
import { JobScheduler } from '../jobs/job-scheduler';
import { APP_CONFIG, AppConfig } from '../config/config';
import type { AuthPrincipal } from '../auth/principal';
import { ClienteDependentsRegistry } from '../clientes/cliente-dependents';
import { foldBusca } from '../clientes/cliente.mapper';
import { Cliente } from '../clientes/entities/cliente.entity';
import { toIso } from '../common/entity-base';
import { DOCUMENTOS_SUFIXOS, inTermRows, termRows } from '../database/sufixos-index';
import { idsFilter, LIKE_ESCAPE, likeContains, ListRequest, searchText } from '../common/list-query';
import { Registro } from '../registros/entities/registro.entity';
import { registroScopeSql } from '../registros/registro-scope';
import { countRows } from '../registros/sql';
import { DOCUMENT_STORAGE, DocumentStorage } from '../storage/storage';
import { User } from '../users/entities/user.entity';
import { UploadDocumentoDto } from './dto/documento.dto';
import { documentoBusca } from './documento-busca';
import { Documento } from './entities/documento.entity';
import { baseName, cleanFileName } from './file-name';
import { classify, sniffFile } from './sniff';
import { ReadPool } from '../database/read-pool';
import { newId } from '../common/ids';

export const DOCUMENTO_NOT_FOUND = 'Documento não encontrado.';
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

const LIST_FILTER_HELP_STAFF =
  'clienteId, registroId, enviadoPor ("cliente"|"equipe"), tipo ("PDF", "Imagem", ...), baixado (true/false: já baixado pelo cliente), ' +
  'q (título, nome do arquivo, nome/CNPJ do cliente), id (lista)';
export { LIST_FILTER_HELP_STAFF };

export interface Download {
  doc: Documento;
  stream: Readable;
}

@Injectable()
export class DocumentosService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(DocumentosService.name);

  constructor(
    @InjectRepository(Documento) private readonly documentos: Repository<Documento>,
    @InjectRepository(Registro) private readonly registros: Repository<Registro>,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dependents: ClienteDependentsRegistry,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly reads: ReadPool,
    private readonly jobs: JobScheduler,
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
  async upload(actor: AuthPrincipal, file: Express.Multer.File | undefined, dto: UploadDocumentoDto): Promise<Documento> {
    if (!file) throw new BadRequestException(NO_FILE);
    if (file.size === 0) throw new BadRequestException(EMPTY_FILE);
    const { clienteId, registroId } = await this.owner(actor, dto);

    const verdict = classify(await sniffFile(file.path), file.originalname);
    if (!verdict.ok) throw new UnsupportedMediaTypeException(verdict.message);
    const nomeArquivo = cleanFileName(file.originalname, verdict.ext);
    const autor = await this.autor(actor);

    const titulo = dto.titulo || baseName(nomeArquivo).slice(0, 200);
    const id = newId();
    const storageKey = `documentos/${clienteId}/${id}`;
    const sha256 = await sha256Of(file.path);
    await this.storage.putFile(storageKey, file.path);
    try {
      return await this.documentos.save(
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
        }),
      );
    } catch (err) {
      await this.storage.delete(storageKey).catch((e) => this.logger.error(`Arquivo órfão ${storageKey}: ${(e as Error).message}`));
      throw err;
    }
  }

  private async owner(actor: AuthPrincipal, dto: UploadDocumentoDto): Promise<{ clienteId: string; registroId: string | null }> {
    let clienteId: string | undefined;
    if (actor.role === 'cliente') {
      if (dto.clienteId && dto.clienteId !== actor.id) throw new BadRequestException(CLIENTE_ONLY_OWN);
      clienteId = actor.id;
    } else {
      clienteId = dto.clienteId;
    }
    let registroId: string | null = null;
    if (dto.registroId) {
      const r = await this.registros.findOne({ where: { id: dto.registroId }, select: { id: true, clienteId: true, responsavelId: true } });
      // A registro the caller may not see (another client's, another associado's), or one of another
      // client than the one named: not found.
      if (!r || !canSeeRegistro(actor, r) || (clienteId && r.clienteId !== clienteId)) throw new NotFoundException(REGISTRO_NOT_FOUND);
      registroId = r.id;
      clienteId = r.clienteId;
    }
    if (!clienteId) throw new BadRequestException(CLIENTE_ID_REQUIRED);
    if (actor.role !== 'cliente' && !(await this.clientes.exists({ where: { id: clienteId } }))) {
      throw new NotFoundException(CLIENTE_NOT_FOUND);
    }
    return { clienteId, registroId };
  }

  // ---------------------------------------------------------------- reading

  /** A client's own documents, or (staff) those whose registro the caller may see and those without one. */
  async listDocumentos(actor: AuthPrincipal, req: ListRequest): Promise<[DocumentoResponse[], number]> {
    const qb = this.reads.manager.getRepository(Documento).createQueryBuilder('d');
    const f = req.filter;
    const clienteId = actor.role === 'cliente' ? actor.id : null;
    if (clienteId) qb.andWhere('d.clienteId = :own', { own: clienteId });
    else {
      const scope = registroScope(actor);
      if (scope.kind !== 'all') {
        // The same rule as canSeeDocumento, in SQL: no registro, or a registro in the caller's scope.
        const { where, params } = registroScopeSql(scope, 'sr');
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
    const [rows, total] = await Promise.all([
      qb.clone().orderBy(req.sortColumn, req.sortOrder).addOrderBy('d.id', req.sortOrder).offset(req.skip).limit(req.take).getMany(),
      countRows(qb),
    ]);
    return [await this.toResponses(rows), total];
  }

  /**
   * q in the title or file name (folded, as `busca`), or, staff listing every client, in the client's
   * name, CNPJ or e-mail. The document's index (termRows: trigram on SQLite, suffixes on MySQL/MariaDB)
   * names the candidate documents (a term in most of them comes back null and the LIKE alone serves
   * it), the LIKE keeps exactly those that hold q (docs/decisions.md, "Documents searched from an index").
   */
  private async search(qb: SelectQueryBuilder<Documento>, q: string, byCliente: boolean): Promise<void> {
    const termo = normalizeSearch(q);
    const manager = this.reads.manager;
    const rows = await termRows(manager, DOCUMENTOS_SUFIXOS, termo);
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

  /** The document if the caller may see it (it follows its registro); any other is "not found". */
  async findVisible(actor: AuthPrincipal, id: string): Promise<Documento> {
    const d = await this.documentos.findOne({ where: { id } });
    const registro = d?.registroId
      ? await this.registros.findOne({ where: { id: d.registroId }, select: { id: true, clienteId: true, responsavelId: true } })
      : null;
    if (!d || !canSeeDocumento(actor, d, registro)) throw new NotFoundException(DOCUMENTO_NOT_FOUND);
    return d;
  }

  async getDocumento(actor: AuthPrincipal, id: string): Promise<DocumentoResponse> {
    const [resp] = await this.toResponses([await this.findVisible(actor, id)]);
    return resp;
  }

  /**
   * Opens the file and records the first download: by the client (proof of delivery), or by staff
   * of a client's upload (from then on the client may no longer delete it). Recorded when the
   * download starts, with conditional updates so only the first one counts.
   */
  async openDownload(actor: AuthPrincipal, id: string): Promise<Download> {
    const doc = await this.findVisible(actor, id);
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
    if (actor.role === 'cliente' && !doc.baixadoClienteEm) {
      await first('baixadoClienteEm', 'documento.download');
    } else if (actor.role === 'user' && doc.enviadoPor === 'cliente' && !doc.lidoEquipeEm) {
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
    const doc = await this.findVisible(actor, id);
    const [resp] = await this.toResponses([doc]);
    const decision = canDeleteDocumento(actor, doc);
    if (!decision.ok) throw decision.status === 409 ? new ConflictException(decision.reason) : new ForbiddenException(decision.reason);
    // Conditional on what was decided: the other side may open it between our read and this delete.
    const unopened = can(actor, 'documentos.deleteAny') ? {} : actor.role === 'cliente' ? { lidoEquipeEm: IsNull() } : { baixadoClienteEm: IsNull() };
    const result = await withTransaction(this.ds, async (m) => {
      const deleted = await m.delete(Documento, { id: doc.id, ...unopened });
      if (deleted.affected) await appendAudit(m, { acao: 'documento.delete', entidade: 'documentos', entidadeId: doc.id, clienteId: doc.clienteId, registroId: doc.registroId, diff: diffOf(doc as unknown as Record<string, unknown>, null) });
      return deleted;
    });
    if (!result.affected) {
      throw new ConflictException(actor.role === 'cliente' ? DOCUMENTO_ALREADY_OPENED_BY_STAFF : DOCUMENTO_ALREADY_DELIVERED);
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

  private async autor(actor: AuthPrincipal): Promise<{ tipo: 'cliente' | 'equipe'; nome: string }> {
    if (actor.role === 'cliente') {
      const c = await this.clientes.findOne({ where: { id: actor.id }, select: { id: true, razaoSocial: true } });
      return { tipo: 'cliente', nome: c?.razaoSocial ?? 'Cliente' };
    }
    const u = await this.users.findOne({ where: { id: actor.id }, select: { id: true, nomeCompleto: true } });
    return { tipo: 'equipe', nome: u?.nomeCompleto ?? 'Equipe' };
  }
}

export function toDocumentoResponse(d: Documento, clienteNome: string | null, registroNumero: string | null): DocumentoResponse {
  return {
    _id: d.id,
    titulo: d.titulo,
    tipo: d.tipo,
    data: toIso(d.createdAt) ?? '',
    tamanho: d.tamanho,
    nomeArquivo: d.nomeArquivo,
    mime: d.mime,
    clienteId: d.clienteId,
    clienteNome,
    registroId: d.registroId,
    registroNumero,
    enviadoPor: d.enviadoPor,
    enviadoPorNome: d.enviadoPorNome,
    baixadoClienteEm: toIso(d.baixadoClienteEm),
    lidoEquipeEm: toIso(d.lidoEquipeEm),
  };
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
