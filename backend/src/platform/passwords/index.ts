// The public surface of platform/passwords: other folders import from here, never one of its files (architecture.spec.ts).
export { PasswordService, passwordChangedNow } from './password.service';
export { PasswordsModule } from './passwords.module';
