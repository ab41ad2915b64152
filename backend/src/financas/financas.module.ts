import { Module, OnModuleInit } from '@nestjs/common';
import { AvisosModule } from '../avisos';
import { ClientesModule } from '../clientes';
import { MailModule } from '../mail';
import { RegistroCobrancas, RegistrosModule } from '../registros';
import { CobrancaDocumentosService } from './cobranca-documentos.service';
import { CobrancaRegistroService } from './cobranca-registro.service';
import { CobrancasCleanupService } from './cobrancas-cleanup.service';
import { CobrancasCommandsService } from './cobrancas-commands.service';
import { CobrancasController } from './cobrancas.controller';
import { CobrancasQueryService } from './cobrancas-query.service';
import { ExtratosService } from './extratos.service';
import { FinancasController } from './financas.controller';
import { LembretesService } from './lembretes.service';
import { PagamentosService } from './pagamentos.service';
import { ResumoService } from './resumo.service';
import { FinancasNotifier } from './financas-notifier';

/**
 * Finanças (issue 12): charges, PIX, payments, statement reconciliation, receipts, reminders.
 * The registros module makes a registro's charge inside its own transaction through RegistroCobrancas,
 * to which this module hands CobrancaRegistroService at start-up (registros does not import finanças);
 * the titulares' export reads a client's charges (CobrancasQueryService.listMine).
 */
@Module({
  imports: [AvisosModule, ClientesModule, MailModule, RegistrosModule],
  controllers: [CobrancasController, FinancasController],
  providers: [
    FinancasNotifier,
    CobrancasQueryService,
    CobrancasCommandsService,
    PagamentosService,
    CobrancaDocumentosService,
    CobrancaRegistroService,
    CobrancasCleanupService,
    ExtratosService,
    ResumoService,
    LembretesService,
  ],
  exports: [CobrancaRegistroService, CobrancasQueryService, LembretesService],
})
export class FinancasModule implements OnModuleInit {
  constructor(
    private readonly registros: RegistroCobrancas,
    private readonly cobranca: CobrancaRegistroService,
  ) {}

  onModuleInit(): void {
    this.registros.use(this.cobranca);
  }
}
