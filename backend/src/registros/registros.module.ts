import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalendarioModule } from '../calendario/calendario.module';
import { ClientesModule } from '../clientes/clientes.module';
import { MailModule } from '../mail/mail.module';
import { Cliente } from '../clientes/entities/cliente.entity';
import { User } from '../users/entities/user.entity';
import { RegistroHistorico } from './entities/registro-historico.entity';
import { Registro } from './entities/registro.entity';
import { RegistroExtensions } from './registro-extensions';
import { RegistroNotifier } from './registro-notifier';
import { RegistrosController } from './registros.controller';
import { RegistrosService } from './registros.service';
import { ServicosService } from './servicos.service';

/** Registros: a client's requests from 'Nova Solicitação' to completion, with deadlines and history. */
@Module({
  imports: [TypeOrmModule.forFeature([Registro, RegistroHistorico, Cliente, User]), CalendarioModule, ClientesModule, MailModule],
  controllers: [RegistrosController],
  providers: [RegistrosService, ServicosService, RegistroNotifier, RegistroExtensions],
  exports: [RegistrosService, RegistroNotifier, RegistroExtensions],
})
export class RegistrosModule {}
