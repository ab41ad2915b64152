import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalendarioModule } from '../calendario/calendario.module';
import { Cliente } from '../clientes/entities/cliente.entity';
import { MailModule } from '../mail/mail.module';
import { Registro } from '../registros/entities/registro.entity';
import { RegistrosModule } from '../registros/registros.module';
import { User } from '../users/entities/user.entity';
import { RegistroExigencia } from './entities/registro-exigencia.entity';
import { ExigenciasController } from './exigencias.controller';
import { ExigenciasService } from './exigencias.service';
import { ProcessoNotifier } from './processo-notifier';

/** Issue 11: the Junta's requirements on a registro, their 30-day clock and the pause of the registro's deadline. */
@Module({
  imports: [TypeOrmModule.forFeature([RegistroExigencia, Registro, Cliente, User]), CalendarioModule, MailModule, RegistrosModule],
  controllers: [ExigenciasController],
  providers: [ExigenciasService, ProcessoNotifier],
  exports: [ExigenciasService, ProcessoNotifier],
})
export class ExigenciasModule {}
