import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { Cliente } from '../clientes';
import { MailModule } from '../mail';
import { User } from '../users';
import { ClienteResetController } from './cliente-reset.controller';
import { EmailRecuperacaoController } from './email-recuperacao.controller';
import { EmailRecuperacaoService } from './email-recuperacao.service';
import { EmailRecuperacao } from './entities/email-recuperacao.entity';
import { UserResetController } from './user-reset.controller';
import { PasswordResetToken } from './entities/password-reset-token.entity';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';

/**
 * POST /api/auth/forgot-password and /api/auth/reset-password (the /recuperar-senha pages), and the
 * staff's POST /api/clientes/:id/enviar-redefinicao-senha; a staff member's own recovery e-mail
 * (/api/auth/recuperacao) and the board's POST /api/users/:id/enviar-redefinicao-senha (issue 53).
 */
@Module({
  imports: [TypeOrmModule.forFeature([PasswordResetToken, EmailRecuperacao, User, Cliente]), AuthModule, MailModule],
  controllers: [PasswordResetController, ClienteResetController, UserResetController, EmailRecuperacaoController],
  providers: [PasswordResetService, EmailRecuperacaoService],
})
export class PasswordResetModule {}
