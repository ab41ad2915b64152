import { Global, Module } from '@nestjs/common';
import { ClientesModule } from '../clientes/clientes.module';
import { MailModule } from '../mail/mail.module';
import { CobrancasController } from './cobrancas.controller';
import { CobrancasService } from './cobrancas.service';
import { ExtratosService } from './extratos.service';
import { FinancasController } from './financas.controller';
import { LembretesService } from './lembretes.service';
import { ResumoService } from './resumo.service';

/**
 * Finanças (issue 12): charges, PIX, payments, statement reconciliation, receipts, reminders.
 * Global so that the registros module can make a registro's charge inside its own transaction
 * (CobrancasService.chargeRegistro) without the two modules importing each other.
 */
@Global()
@Module({
  imports: [ClientesModule, MailModule],
  controllers: [CobrancasController, FinancasController],
  providers: [CobrancasService, ExtratosService, ResumoService, LembretesService],
  exports: [CobrancasService, LembretesService],
})
export class FinancasModule {}
