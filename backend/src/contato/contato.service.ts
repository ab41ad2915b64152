import { BadRequestException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ContatoStatusFilter, formatDateTimeBR, maskPhone, normalizeSearch, onlyDigits } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { inTermRows, LIKE_ESCAPE, likeContains, ListRequest, ReadSide, searchText } from '../platform/read-side';
import { Limits } from '../platform/limits';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { AvisosService } from '../avisos';
import { escapeHtml, htmlFromText, MailboxService, MailDelivery, MailService } from '../mail';
import { User } from '../users';
import type { CreateContatoDto, ResponderContatoDto, UpdateContatoDto } from './dto/contato.dto';
import { ContatoMensagem } from './entities/contato-mensagem.entity';

export const CONTATO_NOT_FOUND = 'Mensagem não encontrada.';

/**
 * The public contact form's messages: stored (with the moment of consent) and delivered to the
 * firm's inbox (CONTACT_INBOX) through the mail outbox; then listed, read, handled and answered
 * by e-mail at /painel/mensagens.
 */
@Injectable()
export class ContatoService {
  private readonly logger = new Logger(ContatoService.name);

  constructor(
    @InjectRepository(ContatoMensagem) private readonly mensagens: Repository<ContatoMensagem>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly delivery: MailDelivery,
    private readonly mailbox: MailboxService,
    private readonly limits: Limits,
    private readonly reads: ReadSide,
    private readonly avisos: AvisosService,
  ) {}

  /**
   * Stores the message and queues it for the inbox. A filled honeypot gets the same answer and
   * nothing happens, so a robot learns nothing; beyond the per-IP limit, a 429.
   */
  async receive(dto: CreateContatoDto, ip: string): Promise<void> {
    // Counted here, after validation: a form the visitor must correct costs nothing.
    await this.limits.hit('contato', ip);
    if (dto.website?.trim()) {
      this.logger.warn(`Mensagem de contato descartada (campo-armadilha preenchido) de ${ip}.`);
      return;
    }
    const now = new Date();
    const fields = {
      // One line each: they go into the notification's subject and headers.
      nome: oneLine(dto.nome),
      email: dto.email.trim().toLowerCase(),
      telefone: onlyDigits(dto.telefone),
      empresa: oneLine(dto.empresa ?? '') || null,
      assunto: dto.assunto,
      mensagem: dto.mensagem.trim(),
    };
    const saved = await this.mensagens.save(
      this.mensagens.create({
        ...fields,
        aceiteTermos: true,
        aceiteTermosEm: now,
        lida: false,
        tratada: false,
        tratadaEm: null,
        tratadaPor: null,
        respondidaEm: null,
        respondidaPor: null,
        busca: normalizeSearch(Object.values(fields).filter(Boolean).join(' ')),
      }),
    );
    await this.notifyInbox(saved);
    // The bell of whoever answers the site's messages: Suporte and the board (issue 53).
    await this.avisos.notifyGrupo('contato', () => ({ tipo: 'contato.recebido', titulo: `Nova mensagem de ${saved.nome}: ${saved.assunto}`, link: '/painel/mensagens' }));
  }

  async list(req: ListRequest): Promise<[ContatoMensagem[], number]> {
    const manager = this.reads.manager;
    const qb = manager.getRepository(ContatoMensagem).createQueryBuilder('c');
    const q = searchText(req.filter);
    const termo = q ? normalizeSearch(q) : '';
    if (termo) {
      // The index (trigram on SQLite, suffixes on MySQL/MariaDB) names the candidate rows (a term found in
      // most rows comes back null: the LIKE alone then walks the list's order); the LIKE keeps exactly the rows holding the term.
      const rows = await this.reads.termRows('contato', termo);
      if (rows) qb.andWhere(...inTermRows('c', rows));
      qb.andWhere(`c.busca LIKE :like ${LIKE_ESCAPE}`, { like: likeContains(termo) });
    }
    const status = (typeof req.filter.status === 'string' ? req.filter.status : 'todas') as ContatoStatusFilter;
    if (status === 'nao-lidas') qb.andWhere('c.lida = :no', { no: false });
    else if (status === 'pendentes') qb.andWhere('c.tratada = :no', { no: false });
    else if (status === 'tratadas') qb.andWhere('c.tratada = :yes', { yes: true });
    qb.orderBy(req.sortColumn, req.sortOrder);
    // "Unread first" is a grouping: inside each group, the newest first.
    if (req.sortColumn !== 'c.createdAt') qb.addOrderBy('c.createdAt', 'DESC');
    return qb.addOrderBy('c.id', 'ASC').skip(req.skip).take(req.take).getManyAndCount();
  }

  /** Opening a message marks it read. */
  async open(id: string): Promise<ContatoMensagem> {
    const m = await this.get(id);
    if (!m.lida) {
      await this.mensagens.update({ id }, { lida: true, updatedAt: new Date() });
      m.lida = true;
    }
    return m;
  }

  async update(actor: AuthPrincipal, id: string, dto: UpdateContatoDto): Promise<ContatoMensagem> {
    if (dto.lida === undefined && dto.tratada === undefined) {
      throw new BadRequestException('Informe lida e/ou tratada.');
    }
    const m = await this.get(id);
    if (dto.lida !== undefined) m.lida = dto.lida;
    if (dto.tratada === true && !m.tratada) {
      Object.assign(m, { tratada: true, tratadaEm: new Date(), tratadaPor: await this.nameOf(actor), lida: true });
    } else if (dto.tratada === false) {
      Object.assign(m, { tratada: false, tratadaEm: null, tratadaPor: null });
    }
    return this.mensagens.save(m);
  }

  /**
   * Answers the visitor by e-mail from the staff member's own address, as MailService.send does
   * (outside recipients through the relay first, so a refusal leaves nothing half done), and
   * keeps the reply in their Enviados. The message then counts as handled.
   */
  async reply(actor: AuthPrincipal, id: string, dto: ResponderContatoDto): Promise<ContatoMensagem> {
    const m = await this.get(id);
    const user = await this.users.findOne({ where: { id: actor.id }, select: { id: true, email: true, nomeCompleto: true } });
    if (!user) throw new NotFoundException('Usuário não encontrado.');
    const prepared = await this.delivery.prepare(
      this.delivery.fromOutgoing({
        from: user.email,
        fromName: user.nomeCompleto,
        to: [m.email],
        subject: oneLine(dto.assunto ?? '') || `Re: ${m.assunto}`,
        html: replyHtml(dto.mensagem, m),
      }),
    );
    await this.delivery.sendExternal(prepared);
    await this.delivery.deliverLocal(prepared);
    await this.mailbox.store(prepared, [{ ownerId: user.id, folder: 'sent', read: true, keepBcc: true }]);

    const now = new Date();
    Object.assign(m, { lida: true, respondidaEm: now, respondidaPor: user.nomeCompleto });
    if (!m.tratada) Object.assign(m, { tratada: true, tratadaEm: now, tratadaPor: user.nomeCompleto });
    return this.mensagens.save(m);
  }

  private async get(id: string): Promise<ContatoMensagem> {
    const m = await this.mensagens.findOne({ where: { id } });
    if (!m) throw new NotFoundException(CONTATO_NOT_FOUND);
    return m;
  }

  private async nameOf(actor: AuthPrincipal): Promise<string> {
    const user = await this.users.findOne({ where: { id: actor.id }, select: { id: true, nomeCompleto: true } });
    return user?.nomeCompleto ?? actor.email;
  }

  /**
   * Into the firm's inbox through the outbox (never fails the visitor's request). When the inbox is
   * one of our own mailboxes the visitor is the sender, so Responder in the panel's mailbox reaches
   * them; an outside inbox gets our system sender (a relay would refuse a forged From), and so does
   * a visitor who typed one of our own addresses.
   */
  private async notifyInbox(m: ContatoMensagem): Promise<void> {
    const inbox = this.config.contact.inbox;
    // Never in the name of one of our own addresses: a visitor must not pose as a colleague.
    const visitorAsSender = this.delivery.isLocalAddress(inbox) && !this.delivery.isLocalAddress(m.email);
    await this.mail.enqueue({
      ...(visitorAsSender ? { from: m.email, fromName: m.nome } : {}),
      to: [inbox],
      evento: 'contato.mensagem',
      subject: `Contato pelo site: ${m.assunto} — ${m.nome}`,
      html: inboxHtml(m, `${this.config.firm.siteUrl}/painel/mensagens?id=${m.id}`),
    });
  }
}

/** Trimmed, with line breaks and runs of blanks folded into one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function inboxHtml(m: ContatoMensagem, panelLink: string): string {
  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding: 2px 12px 2px 0">${label}</th><td>${value}</td></tr>`;
  const e = escapeHtml;
  return [
    '<p>Nova mensagem recebida pelo formulário de contato do site.</p>',
    '<table>',
    row('Nome', e(m.nome)),
    row('E-mail', `<a href="mailto:${e(m.email)}">${e(m.email)}</a>`),
    row('Telefone', e(maskPhone(m.telefone))),
    row('Empresa', e(m.empresa ?? '—')),
    row('Assunto', e(m.assunto)),
    row('Recebida em', e(formatDateTimeBR(m.createdAt))),
    row('Consentimento', `Aceitou os termos de uso e a política de privacidade em ${e(formatDateTimeBR(m.aceiteTermosEm))}`),
    '</table>',
    '<p><strong>Mensagem:</strong></p>',
    htmlFromText(m.mensagem),
    `<p><a href="${e(panelLink)}">Abrir em Mensagens, no painel</a></p>`,
  ].join('\n');
}

function replyHtml(text: string, m: ContatoMensagem): string {
  return [
    htmlFromText(text),
    '<br>',
    `<p>Em ${escapeHtml(formatDateTimeBR(m.createdAt))}, ${escapeHtml(m.nome)} &lt;${escapeHtml(m.email)}&gt; escreveu:</p>`,
    `<blockquote style="margin: 0 0 0 0.8ex; border-left: 1px solid #ccc; padding-left: 1ex">${htmlFromText(m.mensagem)}</blockquote>`,
  ].join('\n');
}
