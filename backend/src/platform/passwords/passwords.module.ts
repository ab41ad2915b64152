import { Global, Module } from '@nestjs/common';
import { PasswordService } from './password.service';

/** Password hashing (argon2id) for every account kind: staff users, clients, resets, the titular's erasure. */
@Global()
@Module({ providers: [PasswordService], exports: [PasswordService] })
export class PasswordsModule {}
