import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, In, Repository } from 'typeorm';
import { formatDateTimeBR } from '@veritas/common';
import { isUniqueViolation, withTransaction } from '../platform/database';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { escapeHtml, MailService } from '../mail';
import { User } from '../users';
import { AgendaService } from './agenda.service';
import { quando } from './agenda-invites';
import { AgendaEvento, AgendaLembrete, AgendaParticipante } from './entities/agenda.entities';
import { JobScheduler, PeriodicJob } from '../platform/jobs';
import { occurrencesBetween } from './recurrence';

/** The longest reminder an event may ask for (7 days), in minutes. */
export const MAX_LEMBRETE_MINUTOS = 10080;

/**
 * E-mails the people of an event (its creator and participants) N minutes before each occurrence.
 * An occurrence is reminded once: its row in agenda_lembretes (unique per event and start) is
 * written in the same transaction as the outbox row, so a pass that runs twice, or again after a
 * restart, finds it and sends nothing. A pass sends what is due and not yet started; a server that
 * was down past an occurrence's start skips it (a late reminder is noise).
 */
@Injectable()
export class AgendaLembretesJob implements PeriodicJob, OnApplicationBootstrap {
  readonly name = 'AgendaLembretes';
  readonly everyMs = 60_000;
  private readonly logger = new Logger(AgendaLembretesJob.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(AgendaEvento) private readonly eventos: Repository<AgendaEvento>,
    @InjectRepository(AgendaParticipante) private readonly participantes: Repository<AgendaParticipante>,
    @InjectRepository(AgendaLembrete) private readonly lembretes: Repository<AgendaLembrete>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly agenda: AgendaService,
    private readonly jobs: JobScheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.schedule(this);
  }


  /** One pass at `now`; answers how many reminders it queued. */
  async runOnce(now: Date = new Date()): Promise<number> {
    const horizon = new Date(now.getTime() + MAX_LEMBRETE_MINUTOS * 60_000);
    const candidates = await this.eventos
      .createQueryBuilder('e')
      .where('e.lembreteMinutos IS NOT NULL')
      .andWhere('e.inicio <= :horizon', { horizon })
      .andWhere(
        new Brackets((w) => {
          w.where('e.rrule IS NULL AND e.inicio > :now', { now }).orWhere('e.rrule IS NOT NULL AND (e.recorrenciaFim IS NULL OR e.recorrenciaFim > :now)', { now });
        }),
      )
      .getMany();
    const due: { ev: AgendaEvento; inicio: Date }[] = [];
    for (const ev of candidates) {
      const until = new Date(now.getTime() + (ev.lembreteMinutos ?? 0) * 60_000);
      for (const o of occurrencesBetween(ev, now, new Date(until.getTime() + 1))) {
        if (o.inicio > now && o.inicio <= until) due.push({ ev, inicio: o.inicio });
      }
    }
    if (!due.length) return 0;
    const sent = await this.lembretes.find({ where: { eventoId: In([...new Set(due.map((d) => d.ev.id))]) }, select: { eventoId: true, ocorrencia: true } });
    const done = new Set(sent.map((s) => `${s.eventoId}|${new Date(s.ocorrencia).getTime()}`));
    let queued = 0;
    for (const { ev, inicio } of due) {
      if (done.has(`${ev.id}|${inicio.getTime()}`)) continue;
      const to = await this.recipients(ev);
      if (!to.length) continue;
      const resp = (await this.agenda.toResponses([ev])).get(ev.id)!;
      const msg = this.reminderMail(ev, inicio, resp.clienteNome, resp.protocolo, to);
      try {
        await withTransaction(this.ds, async (m) => {
          await m.insert(AgendaLembrete, m.create(AgendaLembrete, { eventoId: ev.id, ocorrencia: inicio, createdAt: now, updatedAt: now }));
          await this.mail.enqueueIn(m, msg);
        });
        queued += 1;
      } catch (err) {
        // Another process reminded it meanwhile.
        if (!isUniqueViolation(err)) this.logger.error(`Lembrete do evento ${ev.id} não enviado: ${(err as Error).message}`);
      }
    }
    if (queued) this.mail.wakeOutbox();
    return queued;
  }

  private async recipients(ev: AgendaEvento): Promise<string[]> {
    const parts = await this.participantes.find({ where: { eventoId: ev.id } });
    const ids = [...new Set([ev.criadoPorId, ...parts.map((p) => p.userId)])];
    const users = await this.users.find({ where: { id: In(ids) }, select: { id: true, email: true } });
    return users.map((u) => u.email).filter(Boolean);
  }

  private reminderMail(ev: AgendaEvento, inicio: Date, clienteNome: string | null, protocolo: string | null, to: string[]) {
    const when = quando({ inicio: inicio.toISOString(), diaInteiro: !!ev.diaInteiro, rrule: null });
    const painel = `${this.config.firm.siteUrl.replace(/\/+$/, '')}/painel/agenda?evento=${ev.id}`;
    const lines = [
      `Lembrete: "${ev.titulo}" em ${when} (horário de Brasília).`,
      ...(ev.local ? [`Local: ${ev.local}`] : []),
      ...(ev.link ? [`Link: ${ev.link}`] : []),
      ...(clienteNome ? [`Cliente: ${clienteNome}`] : []),
      ...(protocolo ? [`Protocolo: ${protocolo}`] : []),
      '',
      `Na agenda: ${painel}`,
    ];
    return {
      to,
      subject: `Lembrete: ${ev.titulo} — ${formatDateTimeBR(inicio)}`,
      text: lines.join('\n'),
      html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n'),
    };
  }
}
