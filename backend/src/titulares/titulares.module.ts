import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { ClientesModule } from '../clientes/clientes.module';
import { Cliente } from '../clientes/entities/cliente.entity';
import { ContatoMensagem } from '../contato/entities/contato-mensagem.entity';
import { DocumentosModule } from '../documentos/documentos.module';
import { Documento } from '../documentos/entities/documento.entity';
import { FinancasModule } from '../financas/financas.module';
import { MailModule } from '../mail/mail.module';
import { RegistrosModule } from '../registros/registros.module';
import { User } from '../users/entities/user.entity';
import { SolicitacaoTitular } from './entities/solicitacao-titular.entity';
import { ExportacaoService } from './exportacao.service';
import { MeusDadosController, SolicitacoesTitularesController } from './titulares.controller';
import { TitularesJob } from './titulares.job';
import { TitularesService } from './titulares.service';

/** The client's LGPD rights (issue 16): copy of its data, correction, erasure; the staff's answers. */
@Module({
  imports: [
    TypeOrmModule.forFeature([SolicitacaoTitular, Cliente, User, Documento, ContatoMensagem]),
    AuthModule,
    ClientesModule,
    RegistrosModule,
    DocumentosModule,
    FinancasModule,
    MailModule,
  ],
  controllers: [MeusDadosController, SolicitacoesTitularesController],
  providers: [TitularesService, ExportacaoService, TitularesJob],
  exports: [TitularesService],
})
export class TitularesModule {}
