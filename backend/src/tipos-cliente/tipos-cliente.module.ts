import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Cliente } from '../clientes/entities/cliente.entity';
import { TipoCliente, TipoClienteServico } from './entities/tipo-cliente.entity';
import { TiposClienteController } from './tipos-cliente.controller';
import { TiposClienteService } from './tipos-cliente.service';

@Module({
  imports: [TypeOrmModule.forFeature([TipoCliente, TipoClienteServico, Cliente])],
  controllers: [TiposClienteController],
  providers: [TiposClienteService],
  exports: [TiposClienteService],
})
export class TiposClienteModule {}
