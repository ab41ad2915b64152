import { Module } from '@nestjs/common';
import { AuditCheckpoints } from './audit-checkpoints';
import { AuditSubscriber } from './audit.subscriber';
import { AuditoriaController } from './auditoria.controller';
import { AuditoriaService } from './auditoria.service';

/** The audit trail (issue 16): the entity subscriber that writes it, the list, the check, the retention job. */
@Module({
  controllers: [AuditoriaController],
  providers: [AuditSubscriber, AuditoriaService, AuditCheckpoints],
  exports: [AuditoriaService, AuditCheckpoints],
})
export class AuditoriaModule {}
