import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Cliente } from '../clientes';
import { MailMessage } from '../mail';
import { Registro } from '../registros';
import { TipoCliente } from '../tipos-cliente';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';
import { ExigenciasModule } from '../exigencias';

@Module({
  imports: [TypeOrmModule.forFeature([Cliente, TipoCliente, Registro, MailMessage]), ExigenciasModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
