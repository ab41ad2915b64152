import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Cliente } from '../clientes/entities/cliente.entity';
import { MailMessage } from '../mail/entities/mail-message.entity';
import { Registro } from '../registros/entities/registro.entity';
import { TipoCliente } from '../tipos-cliente/entities/tipo-cliente.entity';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';
import { ExigenciasModule } from '../exigencias/exigencias.module';

@Module({
  imports: [TypeOrmModule.forFeature([Cliente, TipoCliente, Registro, MailMessage]), ExigenciasModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
