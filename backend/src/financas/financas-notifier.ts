import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatDateBR, PORTAL_PATHS, portalLink } from '@veritas/common';
import { Cliente } from '../clientes';
import { clienteNotice, MailService } from '../mail';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { brl } from './cobranca-linhas';
import { Cobranca } from './entities/cobranca.entity';
import { pixPayload } from './pix';

/**
 * The client's notices about money (issue 53): a charge issued (amount, due date, PIX copia e cola)
 * and a payment received, each with a link to the charge. Called after the commit; a failure is
 * logged and swallowed, so it never undoes the charge or the payment.
 */
@Injectable()
export class FinancasNotifier {
  private readonly logger = new Logger(FinancasNotifier.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async cobrancaEmitida(id: string): Promise<void> {
    await this.notify(id, 'cobranca.emitida', (c) => {
      const saldo = c.totalCentavos - c.pagoCentavos;
      const pix = saldo > 0 ? pixPayload(this.config.financas.pix, c.txid, saldo) : null;
      return {
        subject: `Nova cobrança: ${brl(c.totalCentavos)}, vencimento ${formatDateBR(c.vencimento)}`,
        paragraphs: [
          `Emitimos uma cobrança de ${brl(c.totalCentavos)} com vencimento em ${formatDateBR(c.vencimento)}.`,
          ...(pix ? ['Pague por PIX com o código copia e cola abaixo (ou pelo QR code na área do cliente):', pix] : []),
        ],
      };
    });
  }

  async pagamentoRecebido(id: string, valorCentavos: number, data: string): Promise<void> {
    await this.notify(id, 'cobranca.pagamento', (c) => {
      const saldo = c.totalCentavos - c.pagoCentavos;
      return {
        subject: `Pagamento recebido: ${brl(valorCentavos)}`,
        paragraphs: [
          `Recebemos o seu pagamento de ${brl(valorCentavos)} em ${formatDateBR(data)}. Obrigado!`,
          saldo > 0 ? `Ainda restam ${brl(saldo)} desta cobrança, com vencimento em ${formatDateBR(c.vencimento)}.` : 'A cobrança está quitada.',
          'O recibo está disponível na área do cliente.',
        ],
      };
    });
  }

  private async notify(id: string, evento: string, build: (c: Cobranca) => { subject: string; paragraphs: string[] }): Promise<void> {
    try {
      const c = await this.ds.getRepository(Cobranca).findOne({ where: { id } });
      if (!c) return;
      const cliente = await this.ds.getRepository(Cliente).findOne({ where: { id: c.clienteId }, select: { id: true, email: true, razaoSocial: true } });
      if (!cliente?.email) return;
      const { subject, paragraphs } = build(c);
      const { text, html } = clienteNotice({
        brandName: this.config.firm.brandName,
        nome: cliente.razaoSocial,
        paragraphs,
        link: portalLink(this.config.firm.siteUrl, PORTAL_PATHS.cobranca(c.id)),
        linkLabel: 'a cobrança',
      });
      await this.mail.enqueue({ to: [cliente.email], subject, text, html, cliente: { id: cliente.id, evento } });
    } catch (err) {
      this.logger.error(`Aviso "${evento}" da cobrança ${id} não enviado: ${(err as Error).message}`);
    }
  }
}
