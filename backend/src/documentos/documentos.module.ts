import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientesModule } from '../clientes/clientes.module';
import { Cliente } from '../clientes/entities/cliente.entity';
import { Registro } from '../registros/entities/registro.entity';
import { RegistrosModule } from '../registros/registros.module';
import { StorageModule } from '../storage/storage.module';
import { User } from '../users/entities/user.entity';
import { DocumentosController } from './documentos.controller';
import { DocumentosService } from './documentos.service';
import { Documento } from './entities/documento.entity';
import { UploadInterceptor } from './upload.interceptor';

/**
 * Documents of clients (and of their registros). RegistrosModule is imported so it starts first:
 * the client-delete registry then removes documents before registros (they point at them).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Documento, Registro, Cliente, User]), StorageModule, ClientesModule, RegistrosModule],
  controllers: [DocumentosController],
  providers: [DocumentosService, UploadInterceptor],
  exports: [DocumentosService],
})
export class DocumentosModule {}
