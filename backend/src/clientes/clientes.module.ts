import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { LookupModule } from '../lookup/lookup.module';
import { TiposClienteModule } from '../tipos-cliente/tipos-cliente.module';
import { User } from '../users/entities/user.entity';
import { ClienteDependentsRegistry } from './cliente-dependents';
import { ClientesController } from './clientes.controller';
import { ClientesService } from './clientes.service';
import { Cliente } from './entities/cliente.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Cliente, User]), AuthModule, TiposClienteModule, LookupModule],
  controllers: [ClientesController],
  providers: [ClientesService, ClienteDependentsRegistry],
  exports: [ClientesService, ClienteDependentsRegistry],
})
export class ClientesModule {}
