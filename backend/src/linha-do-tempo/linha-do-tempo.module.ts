import { Module } from '@nestjs/common';
import { LinhaDoTempoController } from './linha-do-tempo.controller';
import { LinhaDoTempoService } from './linha-do-tempo.service';

/**
 * Issue 56 (ADR 0054): a client's timeline. It reads the tables of registros, exigências, checklist,
 * documentos, finanças, agenda and mail in one statement (by table name: a UNION ALL no feature's
 * repository can write), and imports none of those features.
 */
@Module({
  controllers: [LinhaDoTempoController],
  providers: [LinhaDoTempoService],
})
export class LinhaDoTempoModule {}
