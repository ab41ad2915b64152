import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvisosModule } from '../avisos';
import { Documento, DocumentosModule, UploadInterceptor } from '../documentos';
import { ExigenciasModule } from '../exigencias';
import { ProcessosModule } from '../processos';
import { Registro, RegistrosModule } from '../registros';
import { StorageModule } from '../platform/storage';
import { User } from '../users';
import { ChecklistController } from './checklist.controller';
import { ChecklistService } from './checklist.service';
import { ChecklistModelo } from './entities/checklist-modelo.entity';
import { RegistroChecklist } from './entities/registro-checklist.entity';

/** Issue 11: the documents each service needs (the board's templates) and each registro's checklist. */
@Module({
  imports: [
    TypeOrmModule.forFeature([ChecklistModelo, RegistroChecklist, Documento, User, Registro]),
    AvisosModule,
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
