import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalendarioModule } from '../calendario';
import { Cliente, ClientesModule } from '../clientes';
import { MailModule } from '../mail';
import { RegistrosModule } from '../registros';
import { ProcessoModelo } from './entities/processo-modelo.entity';
import { RegistroEtapa } from './entities/registro-etapa.entity';
import { EtapaGateRegistry } from './etapa-gate';
import { EtapaNotifier } from './etapa-notifier';
import { EtapasService } from './etapas.service';
import { EtapasController, JuntasController, ModelosController } from './processos.controller';
import { ModelosService } from './modelos.service';

/**
 * Processos (issue 11): the Juntas, the stage templates per service and each registro's stages.
 * It plugs into registros through RegistroExtensions (stages created with the registro, shown in
 * its detail); the checklist side registers its completion check in EtapaGateRegistry.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ProcessoModelo, RegistroEtapa, Cliente]), CalendarioModule, RegistrosModule, MailModule, ClientesModule],
  controllers: [JuntasController, ModelosController, EtapasController],
  providers: [ModelosService, EtapasService, EtapaGateRegistry, EtapaNotifier],
  exports: [ModelosService, EtapasService, EtapaGateRegistry],
})
export class ProcessosModule {}
