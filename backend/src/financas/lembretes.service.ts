import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { addCalendarDays, centavosToReais, formatBRL, formatDateBR, todayInSaoPaulo, PORTAL_PATHS, portalLink } from '@veritas/common';
import { Cliente } from '../clientes';
import { isUniqueViolation, newId, withTransaction } from '../platform/database';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { escapeHtml, MailService } from '../mail';
import { Cobranca, CobrancaLembrete } from './entities/cobranca.entity';
import { JobScheduler, type PeriodicJob } from '../platform/jobs';

const EVERY_MS = 60 * 60_000;

/**
 * E-mail reminders of open charges on the configured days around the due date (FINANCAS_LEMBRETES,
 * default D−3, D0, D+3, D+7). Each (charge, day) is claimed by inserting into cobranca_lembretes in
 * the same transaction as the outbox row: across restarts and processes it goes out once. A day
 * that passed while the server was down is sent late, once; none once paid or cancelled.
 */
@Injectable()
export class LembretesService implements OnApplicationBootstrap {
  private readonly job: PeriodicJob = {
    name: 'financas-lembretes',
    everyMs: EVERY_MS,
    runOnce: (now) => this.runOnce(todayInSaoPaulo(now)),
  };

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly jobs: JobScheduler,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.financas.lembretes.length) return;
    this.jobs.schedule(this.job, { now: true });
  }

  /** Resolves when the periodic pass in progress, if any, has finished. */
  idle(): Promise<void> {
    return this.jobs.idle(this.job.name);
  }

  /**
   * One pass for `today` (São Paulo calendar): for every open charge and every configured day d
   * with due + d ≤ today, and no later configured day also reached, a reminder unless already sent.
   * Returns how many were queued.
   */
  async runOnce(today: string = todayInSaoPaulo()): Promise<number> {
    const dias = this.config.financas.lembretes;
    if (!dias.length) return 0;
    // Charges with at least the first reminder day reached, and not past the last one by more than a week.
    const ultimo = addCalendarDays(today, -dias[0]);
    const primeiro = addCalendarDays(today, -dias[dias.length - 1] - 7);
    const cobrancas = await this.ds
      .getRepository(Cobranca)
      .createQueryBuilder('c')
      .where("c.status = 'aberta'")
      .andWhere('c.vencimento <= :ultimo AND c.vencimento >= :primeiro', { ultimo, primeiro })
      .getMany();
    const sent = cobrancas.length
      ? await this.ds.getRepository(CobrancaLembrete).find({ where: { cobrancaId: In(cobrancas.map((c) => c.id)) }, select: { cobrancaId: true, diaRelativo: true } })
      : [];
    const done = new Set(sent.map((l) => `${l.cobrancaId}:${l.diaRelativo}`));
    let queued = 0;
    for (const c of cobrancas) {
      // The latest configured day already reached: only that one is sent (no burst of stale ones).
      const dia = [...dias].reverse().find((d) => addCalendarDays(c.vencimento, d) <= today);
      if (dia === undefined || done.has(`${c.id}:${dia}`)) continue;
      if (await this.send(c, dia)) queued++;
    }
    if (queued) this.mail.wakeOutbox();
    return queued;
  }

  private async send(c: Cobranca, dia: number): Promise<boolean> {
    const cliente = await this.ds.getRepository(Cliente).findOne({ where: { id: c.clienteId }, select: { id: true, email: true, razaoSocial: true } });
    if (!cliente?.email) return false;
    try {
      await withTransaction(this.ds, async (m) => {
        // The claim first: a second process (or pass) stops here on the unique index.
        await m.insert(CobrancaLembrete, m.create(CobrancaLembrete, { id: newId(), cobrancaId: c.id, diaRelativo: dia }));
        const still = await m.findOne(Cobranca, { where: { id: c.id }, select: { id: true, status: true } });
        if (still?.status !== 'aberta') throw new NotOpen();
        await this.mail.enqueueIn(m, { to: [cliente.email], ...lembreteMail(this.config, cliente.razaoSocial, c, dia), cliente: { id: cliente.id, evento: 'cobranca.lembrete', link: PORTAL_PATHS.cobranca(c.id) } });
      });
      return true;
    } catch (err) {
      if (err instanceof NotOpen || isUniqueViolation(err)) return false;
      throw err;
    }
  }
}

class NotOpen extends Error {}

export function lembreteMail(config: AppConfig, nome: string, c: Cobranca, dia: number): { subject: string; text: string; html: string } {
  const saldo = formatBRL(centavosToReais(c.totalCentavos - c.pagoCentavos)).replace(/\u00a0/g, ' ');
  const venc = formatDateBR(c.vencimento);
  const quando =
    dia < 0 ? `vence em ${-dia} dia${dia === -1 ? '' : 's'} (${venc})` : dia === 0 ? `vence hoje (${venc})` : `venceu em ${venc}, há ${dia} dia${dia === 1 ? '' : 's'}`;
  const link = portalLink(config.firm.siteUrl, PORTAL_PATHS.cobranca(c.id));
  const lines = [
    `Olá, ${nome}.`,
    '',
    `A cobrança de ${saldo} ${quando}.`,
    'Pague por PIX (QR code ou copia e cola) pela área do cliente, onde também estão os recibos:',
    link,
    '',
    'Se já pagou, desconsidere esta mensagem.',
    '',
    config.firm.brandName,
  ];
  const html = lines.map((l) => (l === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n');
  const subject = dia > 0 ? `Cobrança vencida: ${saldo}` : dia === 0 ? `Cobrança vence hoje: ${saldo}` : `Lembrete de cobrança: ${saldo} vence em ${venc}`;
  return { subject, text: lines.join('\n'), html };
}
