import { createHash, randomBytes } from 'node:crypto';
import { ConflictException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  capacidadesDe,
  CONVITE_DIAS,
  CONVITE_EXPIRADO,
  type ConviteResponse,
  cleanCpf,
  type MembroResponse,
  PAPEL_MEMBRO_LABELS,
  ULTIMO_RESPONSAVEL,
} from '@veritas/common';
import { Cliente, ClienteMembro, EMAIL_TAKEN, loginEmailTaken, toMembroResponse } from '../clientes';
import { isUniqueViolation, withTransaction } from '../platform/database';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { passwordChangedNow, PasswordService } from '../platform/passwords';
import { MailService } from '../mail';
import { User } from '../users';
import { linkMail } from '../password-reset';
import type { AceitarConviteDto, AtualizarMembroDto, ConviteMembroDto } from './dto/membro.dto';

export const MEMBRO_NOT_FOUND = 'Membro não encontrado.';
export const MEMBROS_MAX = 50;
export const MEMBROS_CHEIO = `Esta empresa já tem ${MEMBROS_MAX} membros: remova um antes de convidar outro.`;
export const NAO_CONVIDADO = 'Este membro já aceitou o convite: não há convite a reenviar ou revogar.';
export const CONVITE_ACEITO = 'Convite aceito! Entre com o seu e-mail e a senha que você escolheu.';

const DAY_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The members of a client company (issue 54, ADR 0058): invitations (a random token, only its hash kept,
 * 7 days; resend = a new token; revoke), role and capacity changes, removal; the invitee's acceptance.
 * Every call names the company: a member of another company is "not found". The company keeps at least
 * one active Responsável (409). A removed member's row goes, and with it every token it held.
 */
@Injectable()
export class MembrosService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A company's members, oldest first (at most MEMBROS_MAX: the (clienteId, createdAt) index). */
  async list(clienteId: string): Promise<{ data: MembroResponse[]; total: number }> {
    const rows = await this.db.getRepository(ClienteMembro).find({ where: { clienteId }, order: { createdAt: 'ASC', id: 'ASC' }, take: MEMBROS_MAX });
    return { data: rows.map(toMembroResponse), total: rows.length };
  }

  async convidar(clienteId: string, dto: ConviteMembroDto, convidadoPor: string): Promise<MembroResponse> {
    const repo = this.db.getRepository(ClienteMembro);
    const cliente = await this.db.getRepository(Cliente).findOne({ where: { id: clienteId }, select: { id: true, razaoSocial: true } });
    if (!cliente) throw new NotFoundException('Cliente não encontrado.');
    if ((await repo.count({ where: { clienteId } })) >= MEMBROS_MAX) throw new ConflictException(MEMBROS_CHEIO);
    if (await loginEmailTaken(this.db, this.config.mailDomain, dto.email)) throw new ConflictException(EMAIL_TAKEN);
    const token = randomBytes(32).toString('base64url');
    const membro = repo.create({
      clienteId,
      nome: dto.nome,
      email: dto.email,
      cpf: dto.cpf ? cleanCpf(dto.cpf) : null,
      papel: dto.papel,
      capacidades: dto.capacidades && dto.papel !== 'responsavel' ? capacidadesDe(dto.papel, dto.capacidades) : null,
      status: 'convidado',
      passwordHash: null,
      tokenVersion: 0,
      ...this.novoConvite(token, convidadoPor),
    });
    try {
      await repo.save(membro);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException(EMAIL_TAKEN);
      throw err;
    }
    await this.enviarConvite(membro, cliente.razaoSocial, token);
    return toMembroResponse(membro);
  }

  /** A new link (the old one stops working) and 7 more days. */
  async reenviar(clienteId: string, id: string, convidadoPor: string): Promise<MembroResponse> {
    const membro = await this.convidado(clienteId, id);
    const token = randomBytes(32).toString('base64url');
    Object.assign(membro, this.novoConvite(token, convidadoPor));
    await this.db.getRepository(ClienteMembro).save(membro);
    const cliente = await this.db.getRepository(Cliente).findOne({ where: { id: clienteId }, select: { id: true, razaoSocial: true } });
    await this.enviarConvite(membro, cliente?.razaoSocial ?? '', token);
    return toMembroResponse(membro);
  }

  /** The invitation withdrawn: the invited row goes, its link answers 410. */
  async revogar(clienteId: string, id: string): Promise<void> {
    const membro = await this.convidado(clienteId, id);
    await this.db.getRepository(ClienteMembro).remove(membro);
  }

  async atualizar(clienteId: string, id: string, dto: AtualizarMembroDto): Promise<MembroResponse> {
    return withTransaction(this.db, async (m) => {
      const membro = await this.membroDe(m, clienteId, id);
      const papel = dto.papel ?? membro.papel;
      if (membro.papel === 'responsavel' && papel !== 'responsavel') await this.assertOutroResponsavel(m, membro);
      const capacidades = dto.capacidades ?? (dto.papel && dto.papel !== membro.papel ? null : membro.capacidades);
      membro.papel = papel;
      membro.capacidades = papel === 'responsavel' || capacidades === null ? null : capacidadesDe(papel, capacidades);
      return toMembroResponse(await m.save(membro));
    });
  }

  /** Removed: its row goes (its tokens answer 401 from now on); what it did stays, signed with its name. */
  async remover(clienteId: string, id: string): Promise<void> {
    await withTransaction(this.db, async (m) => {
      const membro = await this.membroDe(m, clienteId, id);
      if (membro.papel === 'responsavel') await this.assertOutroResponsavel(m, membro);
      await m.remove(membro);
    });
  }

  /** What the acceptance page shows; 410 for a link expired, used, revoked or unknown. */
  async convite(token: string): Promise<ConviteResponse> {
    const membro = await this.conviteValido(this.db.manager, token);
    const cliente = await this.db.getRepository(Cliente).findOne({ where: { id: membro.clienteId }, select: { id: true, razaoSocial: true } });
    return {
      nome: membro.nome,
      email: membro.email,
      papel: membro.papel,
      papelLabel: PAPEL_MEMBRO_LABELS[membro.papel],
      empresa: cliente?.razaoSocial ?? '',
      convidadoPor: membro.convidadoPor,
      expiraEm: new Date(membro.conviteExpiraEm!).toISOString(),
    };
  }

  /** The invitee sets its name, CPF and password: active, it signs in with its e-mail. The link is spent. */
  async aceitar(token: string, dto: AceitarConviteDto): Promise<void> {
    const passwordHash = await this.passwords.hash(dto.senha);
    await withTransaction(this.db, async (m) => {
      const membro = await this.conviteValido(m, token);
      // Claimed with a condition: of two simultaneous acceptances, only one finds the link.
      const done = await m.update(
        ClienteMembro,
        { id: membro.id, conviteHash: hashToken(token), status: 'convidado' },
        { status: 'ativo', nome: dto.nome, cpf: dto.cpf ? cleanCpf(dto.cpf) : membro.cpf, passwordHash, passwordChangedAt: passwordChangedNow(), conviteHash: null, conviteExpiraEm: null, updatedAt: new Date() },
      );
      if (done.affected !== 1) throw new GoneException(CONVITE_EXPIRADO);
    });
  }

  /** How an invitation from staff names its sender. */
  async nomeDaEquipe(userId: string): Promise<string> {
    const u = await this.db.getRepository(User).findOne({ where: { id: userId }, select: { id: true, nomeCompleto: true } });
    return u ? `${u.nomeCompleto} (${this.config.firm.brandName})` : this.config.firm.brandName;
  }

  // ---------------------------------------------------------------- helpers

  private novoConvite(token: string, convidadoPor: string): Pick<ClienteMembro, 'conviteHash' | 'conviteExpiraEm' | 'convidadoPor'> {
    return { conviteHash: hashToken(token), conviteExpiraEm: new Date(Date.now() + CONVITE_DIAS * DAY_MS), convidadoPor: convidadoPor.slice(0, 200) };
  }

  private async conviteValido(m: EntityManager, token: string): Promise<ClienteMembro> {
    const membro = token.length <= 100 ? await m.findOne(ClienteMembro, { where: { conviteHash: hashToken(token) } }) : null;
    if (!membro || membro.status !== 'convidado' || !membro.conviteExpiraEm || new Date(membro.conviteExpiraEm).getTime() <= Date.now()) {
      throw new GoneException(CONVITE_EXPIRADO);
    }
    return membro;
  }

  private async membroDe(m: EntityManager, clienteId: string, id: string): Promise<ClienteMembro> {
    const membro = await m.findOne(ClienteMembro, { where: { id, clienteId } });
    if (!membro) throw new NotFoundException(MEMBRO_NOT_FOUND);
    return membro;
  }

  private async convidado(clienteId: string, id: string): Promise<ClienteMembro> {
    const membro = await this.membroDe(this.db.manager, clienteId, id);
    if (membro.status !== 'convidado') throw new ConflictException(NAO_CONVIDADO);
    return membro;
  }

  /** 409 unless another active Responsável remains (the company is never left without one). */
  private async assertOutroResponsavel(m: EntityManager, membro: ClienteMembro): Promise<void> {
    if (membro.status !== 'ativo') return;
    const outros = await m
      .getRepository(ClienteMembro)
      .createQueryBuilder('m')
      .where('m.clienteId = :c AND m.papel = :p AND m.status = :s AND m.id <> :id', { c: membro.clienteId, p: 'responsavel', s: 'ativo', id: membro.id })
      .getCount();
    if (!outros) throw new ConflictException(ULTIMO_RESPONSAVEL);
  }

  private async enviarConvite(membro: ClienteMembro, empresa: string, token: string): Promise<void> {
    const brand = this.config.firm.brandName;
    const link = `${this.config.firm.siteUrl}/convite?token=${token}`;
    const quem = membro.convidadoPor ? `${membro.convidadoPor} convidou você` : 'Você foi convidado(a)';
    const { html, text } = linkMail({
      brand,
      nome: membro.nome,
      intro: `${quem} para a área do cliente da ${brand}, como ${PAPEL_MEMBRO_LABELS[membro.papel]} da empresa ${empresa}.`,
      button: 'Aceitar o convite',
      cue: 'Para aceitar e escolher a sua senha, abra:',
      link,
      closing: `O convite vale por ${CONVITE_DIAS} dias. Se você não esperava este convite, ignore este e-mail.`,
    });
    await this.mail.enqueue({ to: [membro.email], subject: `Convite para a área do cliente — ${brand}`, html, text, evento: 'membro.convite' });
  }
}
