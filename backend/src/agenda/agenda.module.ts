import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalendarioModule } from '../calendario';
import { Cliente } from '../clientes';
import { MailModule } from '../mail';
import { Registro } from '../registros';
import { User } from '../users';
import { AgendaFeedService } from './agenda-feed.service';
import { AgendaInvites } from './agenda-invites';
import { AgendaLembretesJob } from './agenda-lembretes.job';
import { AgendaSources } from './agenda-source';
import { AgendaController } from './agenda.controller';
import { AgendaService } from './agenda.service';
import { AgendaEvento, AgendaFeed, AgendaLembrete, AgendaParticipante } from './entities/agenda.entities';
import { CobrancaSource } from './cobranca.source';
import { EtapaPrazoSource } from './etapa-prazo.source';
import { ExigenciaPrazoSource } from './exigencia-prazo.source';
import { FeriadoSource } from './feriado.source';
import { RegistroPrazoSource } from './registro-prazo.source';

/**
 * The firm's calendar: events, the dated things other modules own (through AgendaSources), the
 * feed for calendar apps and the e-mail reminders. Later sources (a stage's or an exigência's
 * deadline, a charge due) are providers that register themselves with AgendaSources, like
 * RegistroPrazoSource; see docs/adr/0024-agenda-sources-recurrence-feed.md.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AgendaEvento, AgendaParticipante, AgendaLembrete, AgendaFeed, User, Cliente, Registro]), CalendarioModule, MailModule],
  controllers: [AgendaController],
  providers: [AgendaSources, AgendaService, AgendaInvites, AgendaFeedService, AgendaLembretesJob, RegistroPrazoSource, FeriadoSource, EtapaPrazoSource, ExigenciaPrazoSource, CobrancaSource],
  exports: [AgendaSources, AgendaService, AgendaLembretesJob],
})
export class AgendaModule {}
