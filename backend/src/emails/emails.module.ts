import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailAttachment, MailMessage, MailModule } from '../mail';
import { User } from '../users';
import { AttachmentsInterceptor } from './attachments.interceptor';
import { EmailsController } from './emails.controller';
import { EmailVinculosController } from './email-vinculos.controller';
import { EmailVinculosService } from './email-vinculos.service';
import { EmailsService } from './emails.service';

/** /api/emails: each staff member's own mailbox (the screen /painel/email builds on it). */
@Module({
  imports: [TypeOrmModule.forFeature([MailMessage, MailAttachment, User]), MailModule],
  controllers: [EmailsController, EmailVinculosController],
  providers: [EmailsService, EmailVinculosService, AttachmentsInterceptor],
  exports: [EmailsService],
})
export class EmailsModule {}
