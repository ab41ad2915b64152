import { Module, OnModuleInit } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { LookupModule } from '../lookup';
import { MailModule } from '../mail';
import { TipoClienteUsage, TiposClienteModule } from '../tipos-cliente';
import { User, UserExtensions, UsersModule } from '../users';
import { ClienteDependentsRegistry } from './cliente-dependents';
import { ClientesController } from './clientes.controller';
import { ClientesService } from './clientes.service';
import { Cliente } from './entities/cliente.entity';
import { ClienteMembro } from './entities/cliente-membro.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Cliente, User]), TiposClienteModule, LookupModule, UsersModule, MailModule],
  controllers: [ClientesController],
  providers: [ClientesService, ClienteDependentsRegistry],
  exports: [ClientesService, ClienteDependentsRegistry],
})
export class ClientesModule implements OnModuleInit {
  constructor(
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    private readonly tipos: TipoClienteUsage,
    private readonly users: UserExtensions,
  ) {}

  /** A client type in use is not deleted; a staff username may not be a client's sign-in e-mail. */
  onModuleInit(): void {
    this.tipos.register((tipoClienteId) => this.clientes.count({ where: { tipoClienteId } }));
    this.users.register({ usernameTaken: async (email) => (await this.clientes.exists({ where: { email } })) || (await this.clientes.manager.exists(ClienteMembro, { where: { email } })) });
  }
}
