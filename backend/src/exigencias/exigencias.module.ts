import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvisosModule } from '../avisos';
import { CalendarioModule } from '../calendario';
import { Cliente } from '../clientes';
import { MailModule } from '../mail';
import { Registro, RegistrosModule } from '../registros';
import { User } from '../users';
import { AvisosPrazosJob } from './avisos-prazos.job';
import { RegistroExigencia } from './entities/registro-exigencia.entity';
import { ExigenciasController } from './exigencias.controller';
import { ExigenciasService } from './exigencias.service';
import { ProcessoNotifier } from './processo-notifier';

/** Issue 11: the Junta's requirements on a registro, their 30-day clock and the pause of the registro's deadline. */
@Module({
  imports: [TypeOrmModule.forFeature([RegistroExigencia, Registro, Cliente, User]), AvisosModule, CalendarioModule, MailModule, RegistrosModule],
  controllers: [ExigenciasController],
  providers: [ExigenciasService, ProcessoNotifier, AvisosPrazosJob],
  exports: [ExigenciasService, ProcessoNotifier],
})
export class ExigenciasModule {}
