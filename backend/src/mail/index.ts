// The public surface of mail: other folders import from here, never one of its files (architecture.spec.ts).
export { safeFilename } from './attachment-name';
export { EmailVinculo } from './entities/email-vinculo.entity';
export { EmailSaida } from './entities/email-saida.entity';
export { MailAttachment } from './entities/mail-attachment.entity';
export { MailMessage } from './entities/mail-message.entity';
export { MailOutbox } from './entities/mail-outbox.entity';
export { MailSpoolRow } from './entities/mail-spool.entity';
export { MailDelivery, parseAddresses } from './mail-delivery.service';
export { clienteNotice } from './notice-template';
export type { ClienteNotice } from './notice-template';
export { escapeHtml, hasRemoteImages, htmlFromText, sanitizeEmailHtml, textFromHtml } from './mail-html';
export { FilaSaidaService } from './fila-saida.service';
export { MailModule } from './mail.module';
export { MailService } from './mail.service';
export type { Address, OutgoingAttachment } from './mail.types';
export { MailboxService } from './mailbox.service';
export type { NewAttachment, NewMessage, StoredBody } from './mailbox.service';
