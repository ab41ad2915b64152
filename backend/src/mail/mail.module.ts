import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User, UserExtensions, UsersModule } from '../users';
import { NotificacoesModule } from '../notificacoes';
import { AvisosModule } from '../avisos';
import { MailAttachment } from './entities/mail-attachment.entity';
import { MailMessage } from './entities/mail-message.entity';
import { MailOutbox } from './entities/mail-outbox.entity';
import { MailSpoolRow } from './entities/mail-spool.entity';
import { MailSpool } from './mail-spool.service';
import { MailDelivery } from './mail-delivery.service';
import { MailFiles } from '../platform/storage';
import { MailOutboxService } from './mail-outbox.service';
import { MailParser } from './mail-parser';
import { MailRelay } from './mail-relay';
import { MailOrphanSweep } from './mail-sweep.job';
import { MailService } from './mail.service';
import { MailboxService } from './mailbox.service';
import { MailContent } from './mail-content';
import { MailFiling } from './mail-filing';
import { EmailVinculo } from './entities/email-vinculo.entity';
import { SmtpListener } from './smtp-listener.service';
import { FilaSaidaController } from './fila-saida.controller';
import { FilaSaidaRetencaoJob } from './fila-saida-retencao.job';
import { AvisosRetencaoJob } from './avisos-retencao.job';
import { FilaSaidaService } from './fila-saida.service';
import { EmailSaida } from './entities/email-saida.entity';
import { EmailSaidaController } from './email-saida.controller';
import { EmailSaidaService } from './email-saida.service';
import { RelaySettings } from './relay-settings';

/**
 * The mail system: storage of mailboxes, the SMTP listener that receives, delivery (internal and
 * through the relay) and the outbox. Other features import it for MailService. A staff user's mailbox
 * goes with the user (UserExtensions: the files after the rows).
 */
@Module({
  imports: [TypeOrmModule.forFeature([MailMessage, MailAttachment, EmailVinculo, MailOutbox, MailSpoolRow, EmailSaida, User]), UsersModule, NotificacoesModule, AvisosModule],
  controllers: [FilaSaidaController, EmailSaidaController],
  providers: [FilaSaidaService, EmailSaidaService, RelaySettings, MailFiles, MailContent, MailFiling, MailboxService, MailRelay, MailDelivery, MailOutboxService, MailService, MailParser, MailSpool, SmtpListener, MailOrphanSweep, FilaSaidaRetencaoJob, AvisosRetencaoJob],
  exports: [MailService, MailboxService, MailDelivery, MailFiles, FilaSaidaService],
})
export class MailModule implements OnModuleInit {
  constructor(
    private readonly users: UserExtensions,
    private readonly mailbox: MailboxService,
  ) {}

  onModuleInit(): void {
    this.users.register({ deleteWithOwner: (userId, deleteOwner) => this.mailbox.deleteWithOwner(userId, deleteOwner) });
  }
}
