import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { Cliente } from '../clientes';
import { MailModule } from '../mail';
import { User } from '../users';
import { ClienteResetController } from './cliente-reset.controller';
import { PasswordResetToken } from './entities/password-reset-token.entity';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';

/**
 * POST /api/auth/forgot-password and /api/auth/reset-password (the /recuperar-senha pages), and the
 * staff's POST /api/clientes/:id/enviar-redefinicao-senha.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PasswordResetToken, User, Cliente]), AuthModule, MailModule],
  controllers: [PasswordResetController, ClienteResetController],
  providers: [PasswordResetService],
})
export class PasswordResetModule {}
