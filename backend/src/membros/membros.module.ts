import { Module } from '@nestjs/common';
import { MailModule } from '../mail';
import { ConvitesController, MembrosClienteController, MeusMembrosController } from './membros.controller';
import { MembroTitularService } from './membro-titular.service';
import { MembrosService } from './membros.service';

/** The members of a client company (issue 54, ADR 0058): invitations, roles, capacities, a member's own LGPD rights. */
@Module({
  imports: [MailModule],
  controllers: [MeusMembrosController, MembrosClienteController, ConvitesController],
  providers: [MembrosService, MembroTitularService],
})
export class MembrosModule {}
