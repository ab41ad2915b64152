import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/entities/user.entity';
import { MailAttachment } from './entities/mail-attachment.entity';
import { MailMessage } from './entities/mail-message.entity';
import { MailOutbox } from './entities/mail-outbox.entity';
import { MailSpoolRow } from './entities/mail-spool.entity';
import { MailSpool } from './mail-spool.service';
import { MailDelivery } from './mail-delivery.service';
import { MailFiles } from './mail-files';
import { MailOutboxService } from './mail-outbox.service';
import { MailParser } from './mail-parser';
import { MailRelay } from './mail-relay';
import { MailOrphanSweep } from './mail-sweep.job';
import { MailService } from './mail.service';
import { MailboxService } from './mailbox.service';
import { SmtpListener } from './smtp-listener.service';

/**
 * The mail system: storage of mailboxes, the SMTP listener that receives, delivery (internal and
 * through the relay) and the outbox. Other features import it for MailService.
 */
@Module({
  imports: [TypeOrmModule.forFeature([MailMessage, MailAttachment, MailOutbox, MailSpoolRow, User])],
  providers: [MailFiles, MailboxService, MailRelay, MailDelivery, MailOutboxService, MailService, MailParser, MailSpool, SmtpListener, MailOrphanSweep],
  exports: [MailService, MailboxService, MailDelivery, MailFiles],
})
export class MailModule {}
