// The public surface of emails: other folders import from here, never one of its files (architecture.spec.ts).
export { EmailsModule } from './emails.module';
export { EmailsService } from './emails.service';
