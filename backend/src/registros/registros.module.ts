import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvisosModule } from '../avisos';
import { CalendarioModule } from '../calendario';
import { Cliente, ClientesModule } from '../clientes';
import { MailModule } from '../mail';
import { User } from '../users';
import { RegistroHistorico } from './entities/registro-historico.entity';
import { Registro } from './entities/registro.entity';
import { RegistroAssignmentService } from './registro-assignment.service';
import { RegistroCobrancas } from './registro-cobrancas';
import { RegistroCreateService } from './registro-create.service';
import { RegistroExtensions } from './registro-extensions';
import { RegistroHistoricoService } from './registro-historico.service';
import { RegistroJuntaService } from './registro-junta.service';
import { RegistroNotifier } from './registro-notifier';
import { RegistroNumberingService } from './registro-numbering.service';
import { RegistroStatusService } from './registro-status.service';
import { RegistrosBuscaService } from './registros-busca.service';
import { RegistrosCleanupService } from './registros-cleanup.service';
import { RegistrosController } from './registros.controller';
import { RegistrosLoteService } from './registros-lote.service';
import { RegistrosQueryService } from './registros-query.service';
import { ServicosService } from './servicos.service';

/**
 * Registros: a client's requests from 'Nova Solicitação' to completion, with deadlines and history. A
 * service per job; other modules get the one they need: reading a registro (query), its history and
 * author (historico), its status moves, assignment, Junta, the bulk path.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Registro, RegistroHistorico, Cliente, User]), AvisosModule, CalendarioModule, ClientesModule, MailModule],
  controllers: [RegistrosController],
  providers: [
    RegistrosQueryService,
    RegistrosBuscaService,
    RegistroHistoricoService,
    RegistroNumberingService,
    RegistroCreateService,
    RegistroStatusService,
    RegistroAssignmentService,
    RegistroJuntaService,
    RegistrosLoteService,
    RegistrosCleanupService,
    ServicosService,
    RegistroNotifier,
    RegistroExtensions,
    RegistroCobrancas,
  ],
  exports: [
    RegistrosQueryService,
    RegistroCreateService,
    RegistroHistoricoService,
    RegistroStatusService,
    RegistroAssignmentService,
    RegistroJuntaService,
    RegistrosLoteService,
    RegistroNotifier,
    RegistroExtensions,
    RegistroCobrancas,
  ],
})
export class RegistrosModule {}
