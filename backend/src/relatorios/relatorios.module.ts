import { Module } from '@nestjs/common';
import { RelatoriosController } from './relatorios.controller';
import { RelatoriosService } from './relatorios.service';

/** Relatórios (issue 13): grouped SQL figures with a period and filters, as JSON, CSV or XLSX. */
@Module({ controllers: [RelatoriosController], providers: [RelatoriosService] })
export class RelatoriosModule {}
