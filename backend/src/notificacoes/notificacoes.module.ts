import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClienteNotificacoes } from './entities/cliente-notificacoes.entity';
import { DescadastroController, MinhasNotificacoesController } from './notificacoes.controller';
import { NoticePreferences } from './notificacoes.service';

/**
 * Clients choose their optional e-mails (issue 53, ADR 0046). Mail asks NoticePreferences before it
 * queues a notice to a client; this module imports no feature (mail depends on it, not the reverse).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ClienteNotificacoes])],
  controllers: [MinhasNotificacoesController, DescadastroController],
  providers: [NoticePreferences],
  exports: [NoticePreferences],
})
export class NotificacoesModule {}
