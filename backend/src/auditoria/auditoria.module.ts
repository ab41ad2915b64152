import { Global, Module } from '@nestjs/common';
import { AuditSubscriber } from './audit.subscriber';
import { AuditoriaController } from './auditoria.controller';
import { AuditoriaService } from './auditoria.service';

/** The audit trail (issue 16): the entity subscriber that writes it, the list, the check, the retention job. */
@Global()
@Module({
  controllers: [AuditoriaController],
  providers: [AuditSubscriber, AuditoriaService],
  exports: [AuditoriaService],
})
export class AuditoriaModule {}
