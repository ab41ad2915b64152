import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClienteNotificacoes } from './entities/cliente-notificacoes.entity';
import { ClienteNovidade } from './entities/cliente-novidade.entity';
import { DescadastroController, MinhasNotificacoesController } from './notificacoes.controller';
import { NoticePreferences } from './notificacoes.service';
import { NovidadesController } from './novidades.controller';
import { NovidadesService } from './novidades.service';

/**
 * Clients choose their optional e-mails (issue 53, ADR 0046). Mail asks NoticePreferences before it
 * queues a notice to a client, and records it in the client's Novidades first (ADR 0052); this module imports no feature (mail depends on it, not the reverse).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ClienteNotificacoes, ClienteNovidade])],
  controllers: [MinhasNotificacoesController, DescadastroController, NovidadesController],
  providers: [NoticePreferences, NovidadesService],
  exports: [NoticePreferences, NovidadesService],
})
export class NotificacoesModule {}
