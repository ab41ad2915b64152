import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Cliente, ClienteMembro, ClientesModule } from '../clientes';
import { ContatoMensagem } from '../contato';
import { Documento, DocumentosModule } from '../documentos';
import { FinancasModule } from '../financas';
import { MailModule } from '../mail';
import { RegistrosModule } from '../registros';
import { User } from '../users';
import { AgendaEvento } from '../agenda';
import { AuthModule } from '../auth';
import { MailOutbox } from '../mail';
import { RegistroMensagem } from '../mensagens';
import { NotificacoesModule } from '../notificacoes';
import { SolicitacaoTitular } from './entities/solicitacao-titular.entity';
import { ExportacaoService } from './exportacao.service';
import { MeusDadosController, SolicitacoesTitularesController } from './titulares.controller';
import { TitularesJob } from './titulares.job';
import { TitularesService } from './titulares.service';

/** The client's LGPD rights (issue 16): copy of its data, correction, erasure; the staff's answers. */
@Module({
  imports: [
    TypeOrmModule.forFeature([SolicitacaoTitular, Cliente, ClienteMembro, User, Documento, ContatoMensagem, AgendaEvento, MailOutbox, RegistroMensagem]),
    AuthModule,
    ClientesModule,
    RegistrosModule,
    DocumentosModule,
    FinancasModule,
    MailModule,
    NotificacoesModule,
  ],
  controllers: [MeusDadosController, SolicitacoesTitularesController],
  providers: [TitularesService, ExportacaoService, TitularesJob],
  exports: [TitularesService],
})
export class TitularesModule {}
