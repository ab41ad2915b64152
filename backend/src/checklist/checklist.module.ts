import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Documento } from '../documentos/entities/documento.entity';
import { DocumentosModule } from '../documentos/documentos.module';
import { UploadInterceptor } from '../documentos/upload.interceptor';
import { ExigenciasModule } from '../exigencias/exigencias.module';
import { ProcessosModule } from '../processos/processos.module';
import { Registro } from '../registros/entities/registro.entity';
import { RegistrosModule } from '../registros/registros.module';
import { StorageModule } from '../storage/storage.module';
import { User } from '../users/entities/user.entity';
import { ChecklistController } from './checklist.controller';
import { ChecklistService } from './checklist.service';
import { ChecklistModelo } from './entities/checklist-modelo.entity';
import { RegistroChecklist } from './entities/registro-checklist.entity';

/** Issue 11: the documents each service needs (the board's templates) and each registro's checklist. */
@Module({
  imports: [
    TypeOrmModule.forFeature([ChecklistModelo, RegistroChecklist, Documento, User, Registro]),
    DocumentosModule,
    ExigenciasModule,
    ProcessosModule,
    RegistrosModule,
    StorageModule,
  ],
  controllers: [ChecklistController],
  providers: [ChecklistService, UploadInterceptor],
  exports: [ChecklistService],
})
export class ChecklistModule {}
