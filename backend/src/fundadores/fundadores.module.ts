import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Cliente, ClientesModule } from '../clientes';
import { RegistrosModule } from '../registros';
import { FundadoresController } from './fundadores.controller';
import { FundadoresService } from './fundadores.service';

/** Founders without a CNPJ yet (issue 54): their registration with its abertura. */
@Module({
  imports: [TypeOrmModule.forFeature([Cliente]), ClientesModule, RegistrosModule],
  controllers: [FundadoresController],
  providers: [FundadoresService],
})
export class FundadoresModule {}
