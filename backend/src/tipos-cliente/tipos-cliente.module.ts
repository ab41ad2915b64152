import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TipoCliente, TipoClienteServico } from './entities/tipo-cliente.entity';
import { TiposClienteController } from './tipos-cliente.controller';
import { TiposClienteService } from './tipos-cliente.service';
import { TipoClienteUsage } from './tipo-cliente-usage';

@Module({
  imports: [TypeOrmModule.forFeature([TipoCliente, TipoClienteServico])],
  controllers: [TiposClienteController],
  providers: [TiposClienteService, TipoClienteUsage],
  exports: [TiposClienteService, TipoClienteUsage],
})
export class TiposClienteModule {}
