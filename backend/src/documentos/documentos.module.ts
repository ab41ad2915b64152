import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvisosModule } from '../avisos';
import { Cliente, ClientesModule } from '../clientes';
import { Registro, RegistrosModule } from '../registros';
import { StorageModule } from '../platform/storage';
import { User } from '../users';
import { DocumentosController } from './documentos.controller';
import { DocumentosQueries } from './documentos-queries.service';
import { DocumentosService } from './documentos.service';
import { DocumentoNotifier } from './documento-notifier';
import { MailModule } from '../mail';
import { Documento } from './entities/documento.entity';
import { UploadInterceptor } from './upload.interceptor';

/**
 * Documents of clients (and of their registros). RegistrosModule is imported so it starts first:
 * the client-delete registry then removes documents before registros (they point at them).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Documento, Registro, Cliente, User]), AvisosModule, StorageModule, ClientesModule, RegistrosModule, MailModule],
  controllers: [DocumentosController],
  providers: [DocumentosService, DocumentosQueries, UploadInterceptor, DocumentoNotifier],
  exports: [DocumentosService, DocumentosQueries],
})
export class DocumentosModule {}
