import { isUUID } from 'class-validator';
import { BadRequestException, ConflictException, HttpException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, SelectQueryBuilder } from 'typeorm';
import { EmailFolder, EmailSummary, MAIL_MESSAGES, MAILBOX_CLIENTE_INVALID, MAILBOX_REGISTRO_INVALID, MailUsage, MoveTarget, normalizeSearch, StoredFolder } from '@veritas/common';
import { recordAudit } from '../auditoria';
import type { AuthPrincipal } from '../platform/request';
import { Contagem, contagemLimitada, DIRECT_ROWS, inTermRows, LIKE_ESCAPE, likeContains, ListRequest, PaginaLida, ReadSide, searchText, type VersionedList } from '../platform/read-side';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { type Address, MailAttachment, MailboxService, MailDelivery, MailMessage, NewAttachment, NewMessage, parseAddresses, safeFilename, sanitizeEmailHtml, textFromHtml } from '../mail';
import { MailFiles } from '../platform/storage';
import { User } from '../users';
import type { ComposeEmailDto } from './dto/email.dto';
import { SUMMARY_COLUMNS, toEmailSummary } from './email.mapper';

/** An upload the compose form left in DATA_DIR/mail/tmp (AttachmentsInterceptor). */
export interface UploadedPart {
  path: string;
  originalname: string;
  mimetype: string;
  size: number;
}

/** A folder's page reads only what its summaries show (toEmailSummary). */
const LIST_COLUMNS = SUMMARY_COLUMNS.map((c) => `m.${c}`);

/** A folder's page as summaries, its count, and the inbox's unread messages. */
export type PastaLida = { rows: EmailSummary[]; contagem: Contagem; unread: number };

const SAVED_AS_DRAFT = ' A mensagem foi guardada em Rascunhos.';

/** The client or registro a folder's list is narrowed to (issue 56): the messages filed under it in email_vinculos. */
type Vinculo = { coluna: 'clienteId' | 'registroId'; id: string };

/** The filter's clienteId and registroId, each a UUID when given (400 otherwise). */
function vinculosDoFiltro(filter: Record<string, unknown>): Vinculo[] {
  const out: Vinculo[] = [];
  for (const [coluna, invalido] of [['clienteId', MAILBOX_CLIENTE_INVALID], ['registroId', MAILBOX_REGISTRO_INVALID]] as const) {
    const id = filter[coluna];
    if (id === undefined || id === null || id === '') continue;
    if (typeof id !== 'string' || !isUUID(id)) throw new BadRequestException(invalido);
    out.push({ coluna, id });
  }
  return out;
}

/**
 * A staff member's own mailbox through the API. Every lookup is by id AND owner: anyone else's
 * message or attachment is simply not found (404).
 */
@Injectable()
export class EmailsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(MailMessage) private readonly messages: Repository<MailMessage>,
    @InjectRepository(MailAttachment) private readonly attachments: Repository<MailAttachment>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly mailbox: MailboxService,
    private readonly delivery: MailDelivery,
    private readonly files: MailFiles,
    private readonly reads: ReadSide,
  ) {
    this.pastas = reads.list(MailMessage, ['mail_messages']);
  }

  /** The folders: whole answers and counts, kept while mail_messages' version is unchanged (issue 14; VersionedList). */
  readonly pastas: VersionedList<MailMessage, PastaLida>;

  /**
   * A folder's page, newest first by default. With q (one phrase, a substring of the folded subject,
   * people and text): a selective q of 3+ characters is found in the index (the trigram mail_fts on
   * SQLite, the suffixes mail_sufixos on MySQL/MariaDB) and checked by the same LIKE, so both paths
   * give the same rows; otherwise the LIKE walks the folder's index in date order. The count stops past CONTAGEM_LIMITE ("mais de 1.000"),
   * searched or not: counting a folder of 100,000 on every page cost more than the page itself.
   */
  async listFolder(owner: AuthPrincipal, folder: EmailFolder, req: ListRequest): Promise<PastaLida> {
    const vinculos = vinculosDoFiltro(req.filter);
    // Narrowed to a client or registro, the page depends on email_vinculos, which bumps no version: made every time.
    if (vinculos.length) {
      const [page, unread] = await Promise.all([this.folderPage(owner, folder, req, vinculos), this.unreadWithVersion(owner)]);
      return { rows: page.rows.map(toEmailSummary), contagem: page.contagem, unread: unread.n };
    }
    // Given again while mail_messages' version is the one its page and its unread count read (KeptAnswers; the
    // version covers every column a summary shows or is sorted by): one's own folder, the request.
    return this.pastas.answer(JSON.stringify([owner.id, folder, req]), req, null, async () => {
      const [page, unread] = await Promise.all([this.folderPage(owner, folder, req), this.unreadWithVersion(owner)]);
      const value: PastaLida = { rows: page.rows.map(toEmailSummary), contagem: page.contagem, unread: unread.n };
      return { value, version: page.mesmaVersao && unread.v === page.version ? page.version : null };
    });
  }

  /** The unread messages in the inbox, and mail_messages' version read by the same statement (null: none read). */
  private async unreadWithVersion(owner: AuthPrincipal): Promise<{ n: number; v: string | null }> {
    const version = this.pastas.version ?? 'NULL';
    const [row]: { n: unknown; v: unknown }[] = await this.reads.manager.query(
      `SELECT COUNT(*) AS n, ${version} AS v FROM mail_messages WHERE ownerId = ? AND folder = ? AND ${this.reads.manager.connection.driver.escape('read')} = ?`,
      [owner.id, 'inbox', 0],
    );
    return { n: Number(row?.n ?? 0), v: row?.v === null || row?.v === undefined ? null : String(row.v) };
  }

  private async folderPage(owner: AuthPrincipal, folder: EmailFolder, req: ListRequest, vinculos: Vinculo[] = []): Promise<PaginaLida<MailMessage> & { contagem: Contagem; mesmaVersao: boolean }> {
    const manager = this.reads.manager;
    const q = searchText(req.filter);
    const termo = q ? normalizeSearch(q) : '';
    const rows = await this.reads.termRows('mail', termo);
    const fts = rows?.coluna === 'rowid';
    // With the index's few rows, SQLite must start from them: a unary + keeps it off the folder's index
    // (SQLite only: on MySQL a unary + turns the text into a number).
    const col = (name: string) => `${fts ? '+' : ''}m.${name}`;
    const qb = manager.getRepository(MailMessage).createQueryBuilder('m').select(LIST_COLUMNS).where(`${col('ownerId')} = :owner`, { owner: owner.id });
    if (folder === 'starred') qb.andWhere(`${col('starred')} = :yes AND m.folder <> :trash`, { yes: true, trash: 'trash' });
    else qb.andWhere(`${col('folder')} = :folder`, { folder });
    if (rows) qb.andWhere(...inTermRows('m', rows));
    if (termo) qb.andWhere(`m.searchText LIKE :q ${LIKE_ESCAPE}`, { q: likeContains(termo) });
    if (req.filter.unread === true) qb.andWhere('m.read = :no', { no: false });
    if (req.filter.hasAttachments === true) qb.andWhere('m.hasAttachments = :yes', { yes: true });
    // Filed under the client / registro: its ids from ix_email_vinculos_cliente / _registro, then the owner's copies among them.
    for (const v of vinculos) qb.andWhere(`m.id IN (SELECT v.emailId FROM email_vinculos v WHERE v.${v.coluna} = :${v.coluna})`, { [v.coluna]: v.id });
    // The id tie-breaker follows the sort's direction: (owner, folder, date, id) is the index's own order
    // (migration MailFolderOrder1766000000000), so a page needs no sort of the folder on either database.
    const ordered = qb.clone().orderBy(req.sortColumn, req.sortOrder).addOrderBy('m.id', req.sortOrder);
    // Every condition is on mail_messages' versioned columns (the search indexes are written with
    // searchText): the count is kept while the version the page's statement reads is the one it was
    // counted at (a common word's count read up to 1,001 matching texts for every page).
    // Nothing of a narrowed list is kept: email_vinculos bumps no version.
    const version = vinculos.length ? null : this.pastas.version;
    const key = version ? JSON.stringify(['mail', ...qb.getQueryAndParameters(), version]) : null;
    return this.pastas.pageWithCount(
      key,
      () => contagemLimitada(manager, qb, 'm.id', version ?? undefined),
      () => (req.skip + req.take <= DIRECT_ROWS ? this.pastas.rows(ordered.offset(req.skip).limit(req.take), version) : this.deepPage(ordered, req, version)),
    );
  }

  /**
   * A page past DIRECT_ROWS: its keys first, from the folder's index alone, then only its rows, in the
   * same order (issue 14: reading the listed columns of the 4,950 rows skipped before page 100 cost
   * 13.7 ms of CPU per answer). The key is the rowid on SQLite (its indexes hold the rowid, not the id)
   * and the id on MySQL/MariaDB (InnoDB's indexes end with the primary key). A row deleted between the
   * two reads is left out.
   */
  private async deepPage(ordered: SelectQueryBuilder<MailMessage>, req: ListRequest, version: string | null): Promise<PaginaLida<MailMessage>> {
    const key = this.reads.sqlite ? 'm.rowid' : 'm.id';
    const raw = await ordered
      .clone()
      .select(key, 'k')
      .addSelect(version ?? 'NULL', 'v')
      .offset(req.skip)
      .limit(req.take)
      .getRawMany<{ k: string | number; v: unknown }>();
    if (!raw.length) return { rows: [], version: null };
    const keys = raw.map((r) => r.k);
    const rows = await this.reads.manager
      .getRepository(MailMessage)
      .createQueryBuilder('m')
      .select(LIST_COLUMNS)
      .where(`${key} IN (:...keys)`, { keys })
      .orderBy(req.sortColumn, req.sortOrder)
      .addOrderBy('m.id', req.sortOrder)
      .getMany();
    return { rows, version: version ? String(raw[0].v) : null };
  }

  async getMessage(owner: AuthPrincipal, id: string): Promise<MailMessage> {
    const m = await this.messages.findOne({ where: { id, ownerId: owner.id } });
    if (!m) throw new NotFoundException(MAIL_MESSAGES.notFound);
    return m;
  }

  attachmentsOf(m: MailMessage): Promise<MailAttachment[]> {
    return this.attachments.find({ where: { mailId: m.id }, order: { position: 'ASC' } });
  }

  readBody(m: MailMessage) {
    return this.mailbox.readBody(m);
  }

  async setFlags(owner: AuthPrincipal, id: string, change: (m: MailMessage) => Partial<Pick<MailMessage, 'read' | 'starred' | 'important'>>): Promise<MailMessage> {
    const m = await this.getMessage(owner, id);
    const patch = change(m);
    await this.messages.update({ id: m.id, ownerId: owner.id }, { ...patch, updatedAt: new Date() });
    return Object.assign(m, patch);
  }

  /** To Lixeira; from Lixeira, for good (with its files). */
  async deleteMessage(owner: AuthPrincipal, id: string): Promise<'trash' | 'deleted'> {
    const m = await this.getMessage(owner, id);
    const from = m.folder;
    const result = from === 'trash' ? 'deleted' : 'trash';
    if (result === 'deleted') await this.mailbox.purge([m]);
    else await this.place(owner, m, 'trash');
    await this.audit(result === 'deleted' ? 'email.exclusao' : 'email.lixeira', m, { pasta: [from, result === 'deleted' ? null : 'trash'] });
    return result;
  }

  /**
   * An entry of the trail for a staff mailbox action that changes data (send, delete): who, which
   * message (subject, recipients). Flags and moves between folders are not recorded (the owner's
   * own filing); the files and the SMTP relay are outside any transaction, so the entry follows.
   */
  private audit(acao: string, m: MailMessage, diff: Record<string, unknown>): Promise<unknown> {
    const addrs = (l: Address[] | null | undefined) => (l ?? []).map((a) => a.address).join(', ') || null;
    return recordAudit(this.messages.manager.connection, {
      acao,
      entidade: 'emails',
      entidadeId: m.id,
      diff: { assunto: [null, m.subject], de: [null, m.fromAddress], para: [null, addrs(m.toList)], cc: [null, addrs(m.ccList)], ...diff },
    });
  }

  /**
   * "Mover para" (and Arquivar: to 'archive'). Into Lixeira the message remembers where it was, so
   * that Restaurar can put it back; out of Lixeira that memory goes. A draft may only go to
   * Lixeira: in the inbox or the archive it could no longer be edited or sent.
   */
  async moveMessage(owner: AuthPrincipal, id: string, target: MoveTarget): Promise<MailMessage> {
    const m = await this.getMessage(owner, id);
    if (m.folder === 'drafts' && target !== 'trash') throw new ConflictException(MAIL_MESSAGES.draftCannotMove);
    if (m.folder === target) return m;
    return this.place(owner, m, target);
  }

  /** From Lixeira back to the folder the message came from (Caixa de Entrada if unknown). */
  async restoreMessage(owner: AuthPrincipal, id: string): Promise<MailMessage> {
    const m = await this.getMessage(owner, id);
    if (m.folder !== 'trash') throw new ConflictException(MAIL_MESSAGES.notInTrash);
    return this.place(owner, m, m.trashedFrom && m.trashedFrom !== 'trash' ? m.trashedFrom : 'inbox');
  }

  private async place(owner: AuthPrincipal, m: MailMessage, folder: StoredFolder): Promise<MailMessage> {
    const change = { folder, trashedFrom: folder === 'trash' ? m.folder : null };
    await this.messages.update({ id: m.id, ownerId: owner.id }, { ...change, updatedAt: new Date() });
    return Object.assign(m, change);
  }

  async getAttachment(owner: AuthPrincipal, id: string): Promise<MailAttachment> {
    const a = await this.attachments.findOne({ where: { id, ownerId: owner.id } });
    if (!a) throw new NotFoundException(MAIL_MESSAGES.attachmentNotFound);
    try {
      await this.files.size(a.storedName);
    } catch {
      throw new NotFoundException(MAIL_MESSAGES.attachmentNotFound);
    }
    return a;
  }

  openAttachment(a: MailAttachment) {
    return this.files.open(a.storedName);
  }

  async usage(owner: AuthPrincipal): Promise<MailUsage> {
    const used = (await this.mailbox.usage([owner.id])).get(owner.id) ?? 0;
    return { usedBytes: used, quotaBytes: this.config.mail.quotaBytes };
  }

  /** A new draft (POST /drafts) or an edit of one (PUT /drafts/:id). */
  async saveDraft(owner: AuthPrincipal, dto: ComposeEmailDto, uploads: UploadedPart[], draftId?: string): Promise<MailMessage> {
    const draft = draftId ? await this.getDraft(owner, draftId) : null;
    const message = await this.compose(owner, dto, uploads, draft);
    await this.assertOwnRoom(owner, message, uploads);
    return draft ? this.mailbox.replaceContent(draft, message) : this.storeDraft(owner, message);
  }

  /**
   * Sends what compose holds: checked first (recipients, addresses, room in colleagues'
   * mailboxes), then kept as a draft, so nothing written is lost if the relay fails; then the
   * outside half through the relay, the inside half into colleagues' inboxes, and the draft becomes
   * the copy in Enviados.
   */
  async send(owner: AuthPrincipal, dto: ComposeEmailDto, uploads: UploadedPart[]): Promise<MailMessage> {
    const draft = dto.draftId ? await this.getDraft(owner, dto.draftId) : null;
    const message = await this.compose(owner, dto, uploads, draft);
    if (!message.to.length) throw new BadRequestException(MAIL_MESSAGES.noRecipient);
    await this.assertOwnRoom(owner, message, uploads);
    const prepared = await this.delivery.prepare({ ...message, html: message.html ?? '', messageId: undefined, size: await this.sizeOf(message, uploads) });

    const kept = draft ? await this.mailbox.replaceContent(draft, message) : await this.storeDraft(owner, message);
    const stored = await this.attachmentsOf(kept);
    prepared.attachments = stored.map((a) => ({ filename: a.filename, contentType: a.contentType, contentId: a.contentId, source: { storedName: a.storedName } }));
    try {
      await this.delivery.sendExternal(prepared);
      await this.delivery.deliverLocal(prepared);
    } catch (err) {
      if (err instanceof HttpException) {
        const body = err.getResponse();
        const text = typeof body === 'string' ? body : String((body as { message?: unknown }).message ?? MAIL_MESSAGES.sendFailedGeneric);
        throw new HttpException({ message: text + SAVED_AS_DRAFT, draftId: kept.id }, err.getStatus());
      }
      throw err;
    }
    const sentAt = new Date();
    await this.messages.update(
      { id: kept.id },
      { folder: 'sent', read: true, date: sentAt, messageId: prepared.messageId, trashedFrom: null, updatedAt: sentAt },
    );
    const sent = Object.assign(kept, { folder: 'sent' as const, read: true, date: sentAt, messageId: prepared.messageId });
    await this.audit('email.envio', sent, { anexos: [null, stored.length] });
    return sent;
  }

  private async getDraft(owner: AuthPrincipal, id: string): Promise<MailMessage> {
    const m = await this.messages.findOne({ where: { id, ownerId: owner.id, folder: 'drafts' } });
    if (!m) throw new NotFoundException('Rascunho não encontrado.');
    return m;
  }

  private async storeDraft(owner: AuthPrincipal, message: NewMessage): Promise<MailMessage> {
    const [row] = await this.mailbox.store(message, [{ ownerId: owner.id, folder: 'drafts', read: true, keepBcc: true }]);
    return row;
  }

  /** The message compose describes, with the sender's own address and name. */
  private async compose(owner: AuthPrincipal, dto: ComposeEmailDto, uploads: UploadedPart[], draft: MailMessage | null): Promise<NewMessage> {
    const user = await this.users.findOne({ where: { id: owner.id }, select: { id: true, email: true, nomeCompleto: true } });
    if (!user) throw new NotFoundException('Usuário não encontrado.');
    const from: Address = { name: user.nomeCompleto, address: user.email };
    const html = sanitizeEmailHtml(dto.body ?? '');
    return {
      messageId: null,
      inReplyTo: await this.replyTarget(owner, dto.inReplyTo, draft),
      from,
      to: parseAddresses(dto.to, 'Para'),
      cc: parseAddresses(dto.cc, 'Cc'),
      bcc: parseAddresses(dto.bcc, 'Cco'),
      subject: (dto.subject ?? '').trim(),
      date: new Date(),
      html,
      text: textFromHtml(html),
      attachments: [...(await this.keptAttachments(owner, dto, draft)), ...uploads.map(fromUpload)],
    };
  }

  private async replyTarget(owner: AuthPrincipal, id: string | undefined, draft: MailMessage | null): Promise<string | null> {
    if (!id) return draft?.inReplyTo ?? null;
    const original = await this.messages.findOne({ where: { id, ownerId: owner.id }, select: { id: true, messageId: true } });
    if (!original) throw new NotFoundException(MAIL_MESSAGES.notFound);
    return original.messageId;
  }

  /** Attachments already stored that the new message keeps: named ones (own only), else the draft's. */
  private async keptAttachments(owner: AuthPrincipal, dto: ComposeEmailDto, draft: MailMessage | null): Promise<NewAttachment[]> {
    const ids = dto.attachmentIds === undefined ? undefined : [...new Set([dto.attachmentIds].flat())];
    let rows: MailAttachment[];
    if (ids === undefined) rows = draft ? await this.attachmentsOf(draft) : [];
    else {
      rows = ids.length ? await this.attachments.find({ where: { id: In(ids), ownerId: owner.id } }) : [];
      if (rows.length !== ids.length) throw new NotFoundException(MAIL_MESSAGES.attachmentNotFound);
      rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    }
    return rows.map((a) => ({ filename: a.filename, contentType: a.contentType, contentId: a.contentId, source: { storedName: a.storedName } }));
  }

  private async sizeOf(message: NewMessage, uploads: UploadedPart[]): Promise<number> {
    let size = Buffer.byteLength(message.html ?? '') + Buffer.byteLength(message.text) + uploads.reduce((n, u) => n + u.size, 0);
    for (const a of message.attachments) if ('storedName' in a.source) size += await this.files.size(a.source.storedName);
    return size;
  }

  private async assertOwnRoom(owner: AuthPrincipal, message: NewMessage, uploads: UploadedPart[]): Promise<void> {
    const used = (await this.mailbox.usage([owner.id])).get(owner.id) ?? 0;
    if (used + (await this.sizeOf(message, uploads)) > this.config.mail.quotaBytes) {
      throw new UnprocessableEntityException('Sua caixa de email está cheia: exclua mensagens (e esvazie a Lixeira) para liberar espaço.');
    }
  }
}

function fromUpload(u: UploadedPart): NewAttachment {
  return {
    filename: safeFilename(u.originalname, u.mimetype),
    contentType: /^[\w.+-]+\/[\w.+-]+$/.test(u.mimetype) ? u.mimetype : 'application/octet-stream',
    source: { tmpFile: u.path },
  };
}
