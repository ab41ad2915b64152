import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { formatDateBR, formatDateTimeBR, PORTAL_PATHS } from '@veritas/common';
import { Cliente } from '../clientes';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { escapeHtml, MailService } from '../mail';
import type { EventoResponse } from '@veritas/common';
import type { AgendaEvento } from './entities/agenda.entities';
import { buildIcs } from './ics';

/** When an event happens, in pt-BR words ("01/03/2027 10:00" or "01/03/2027 (dia inteiro)"). */
export function quando(ev: { inicio: string; diaInteiro: boolean; rrule: string | null }): string {
  const text = ev.diaInteiro ? `${formatDateBR(ev.inicio)} (dia inteiro)` : formatDateTimeBR(ev.inicio);
  return ev.rrule ? `${text}, com repetição` : text;
}

/**
 * The client's invitation: an e-mail with the event as an .ics (METHOD:REQUEST; a change sends it
 * again with a higher SEQUENCE, a removal METHOD:CANCEL), through the outbox. Only what the
 * client needs: title, time, place, link; never the internal notes or the staff.
 */
@Injectable()
export class AgendaInvites {
  private readonly logger = new Logger(AgendaInvites.name);

  constructor(
    private readonly mail: MailService,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  invite(ev: AgendaEvento, resp: EventoResponse): Promise<void> {
    return this.send(ev, resp, 'REQUEST');
  }

  cancel(ev: AgendaEvento, resp: EventoResponse): Promise<void> {
    return this.send(ev, resp, 'CANCEL');
  }

  private async send(ev: AgendaEvento, resp: EventoResponse, method: 'REQUEST' | 'CANCEL'): Promise<void> {
    if (!ev.clienteId) return;
    const cliente = await this.clientes.findOne({ where: { id: ev.clienteId }, select: { id: true, email: true, razaoSocial: true } });
    if (!cliente?.email) return;
    const brand = this.config.firm.brandName;
    const ics = buildIcs({
      name: brand,
      method,
      organizer: { name: brand, email: `nao-responda@${this.config.mailDomain}` },
      entries: [
        {
          uid: `evento-${ev.id}@veritas`,
          titulo: ev.titulo,
          inicio: ev.inicio,
          fim: ev.fim,
          allDay: !!ev.diaInteiro,
          rrule: ev.rrule,
          local: ev.local,
          url: ev.link,
          sequence: ev.sequencia,
          attendee: { email: cliente.email, name: cliente.razaoSocial },
          cancelled: method === 'CANCEL',
        },
      ],
    });
    const when = quando(resp);
    const cancelled = method === 'CANCEL';
    const lines = [
      `Olá, ${cliente.razaoSocial}.`,
      '',
      cancelled ? `O compromisso "${ev.titulo}" de ${when} foi cancelado.` : `Você foi convidado para "${ev.titulo}" em ${when} (horário de Brasília).`,
      ...(!cancelled && ev.local ? [`Local: ${ev.local}`] : []),
      ...(!cancelled && ev.link ? [`Link: ${ev.link}`] : []),
      '',
      'O convite está anexo (arquivo .ics): abra-o para adicioná-lo à sua agenda.',
      '',
      brand,
    ];
    const html = lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n');
    try {
      await this.mail.enqueue({
        to: [cliente.email],
        cliente: { id: cliente.id, evento: cancelled ? 'agenda.cancelamento' : 'agenda.convite', link: PORTAL_PATHS.agenda },
        subject: cancelled ? `Cancelado: ${ev.titulo} — ${when}` : `Convite: ${ev.titulo} — ${when}`,
        text: lines.join('\n'),
        html,
        attachments: [
          { filename: cancelled ? 'cancelamento.ics' : 'convite.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content: Buffer.from(ics, 'utf8') },
        ],
      });
    } catch (err) {
      this.logger.error(`Convite do evento ${ev.id} não enviado: ${(err as Error).message}`);
    }
  }
}
