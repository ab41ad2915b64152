// The public surface of password-reset: other folders import from here, never one of its files (architecture.spec.ts).
export { EmailRecuperacao } from './entities/email-recuperacao.entity';
export { PasswordResetToken } from './entities/password-reset-token.entity';
export { PasswordResetModule } from './password-reset.module';
export { linkMail } from './link-mail';
