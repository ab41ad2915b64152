import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailAttachment } from '../mail/entities/mail-attachment.entity';
import { MailMessage } from '../mail/entities/mail-message.entity';
import { MailModule } from '../mail/mail.module';
import { User } from '../users/entities/user.entity';
import { AttachmentsInterceptor } from './attachments.interceptor';
import { EmailsController } from './emails.controller';
import { EmailsService } from './emails.service';

/** /api/emails: each staff member's own mailbox (the screen /painel/email builds on it). */
@Module({
  imports: [TypeOrmModule.forFeature([MailMessage, MailAttachment, User]), MailModule],
  controllers: [EmailsController],
  providers: [EmailsService, AttachmentsInterceptor],
})
export class EmailsModule {}
