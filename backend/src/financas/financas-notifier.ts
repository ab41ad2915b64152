import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { avisoRegistroPath, formatDateBR, PORTAL_PATHS, portalLink } from '@veritas/common';
import { AvisosService } from '../avisos';
import { Cliente } from '../clientes';
import { clienteNotice, MailService, type OutgoingAttachment } from '../mail';
import { Registro } from '../registros';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { brl } from './cobranca-linhas';
import { CobrancaDocumentosService } from './cobranca-documentos.service';
import { Cobranca, CobrancaPagamento } from './entities/cobranca.entity';
import { pixPayload } from './pix';

/**
 * The client's notices about money (issue 53): a charge issued (amount, due date, PIX copia e cola)
 * and a payment received (its receipt attached), each with a link to the charge. Called after the commit; a failure is
 * logged and swallowed, so it never undoes the charge or the payment.
 */
interface Notice {
  subject: string;
  paragraphs: string[];
  attachments?: OutgoingAttachment[];
}

@Injectable()
export class FinancasNotifier {
  private readonly logger = new Logger(FinancasNotifier.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly documentos: CobrancaDocumentosService,
    private readonly avisos: AvisosService,
  ) {}

  async cobrancaEmitida(id: string): Promise<void> {
    await this.notify(id, 'cobranca.emitida', (c) => this.emitida(c));
  }

  /**
   * The same notice for charges made inside another transaction (a registro's own charge, opened
   * or concluded): queued in it, so it exists exactly when the charge does. A failure here is the
   * transaction's, as the charge's would be.
   */
  async cobrancasEmitidasIn(m: EntityManager, ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    const cobrancas = await m.find(Cobranca, { where: { id: In([...ids]) } });
    for (const c of cobrancas) await this.send(c, 'cobranca.emitida', this.emitida(c), m);
  }

  private emitida(c: Cobranca): Notice {
    const saldo = c.totalCentavos - c.pagoCentavos;
    const pix = saldo > 0 ? pixPayload(this.config.financas.pix, c.txid, saldo) : null;
    return {
      subject: `Nova cobrança: ${brl(c.totalCentavos)}, vencimento ${formatDateBR(c.vencimento)}`,
      paragraphs: [
        `Emitimos uma cobrança de ${brl(c.totalCentavos)} com vencimento em ${formatDateBR(c.vencimento)}.`,
        ...(pix ? ['Pague por PIX com o código copia e cola abaixo (ou pelo QR code na área do cliente):', pix] : []),
      ],
    };
  }

  /** A payment received, with its receipt attached (the latest payment of that amount and date: the one just made). */
  async pagamentoRecebido(id: string, valorCentavos: number, data: string): Promise<void> {
    await this.notify(id, 'cobranca.pagamento', async (c) => {
      const saldo = c.totalCentavos - c.pagoCentavos;
      const pagamento = await this.ds.getRepository(CobrancaPagamento).findOne({ where: { cobrancaId: c.id, valorCentavos, data }, order: { ordem: 'DESC' }, select: { id: true } });
      const recibo = pagamento ? await this.documentos.reciboDe(c, pagamento.id) : null;
      return {
        subject: `Pagamento recebido: ${brl(valorCentavos)}`,
        paragraphs: [
          `Recebemos o seu pagamento de ${brl(valorCentavos)} em ${formatDateBR(data)}. Obrigado!`,
          saldo > 0 ? `Ainda restam ${brl(saldo)} desta cobrança, com vencimento em ${formatDateBR(c.vencimento)}.` : 'A cobrança está quitada.',
          recibo ? 'O recibo segue em anexo e também está na área do cliente.' : 'O recibo está disponível na área do cliente.',
        ],
        attachments: recibo ? [{ filename: recibo.fileName, contentType: 'application/pdf', content: recibo.pdf }] : undefined,
      };
    });
    await this.avisarResponsavel(id, valorCentavos);
  }

  /** The bell of the responsável of the charge's registro (issue 53); the avisos never fail the payment. */
  private async avisarResponsavel(id: string, valorCentavos: number): Promise<void> {
    const c = await this.ds.getRepository(Cobranca).findOne({ where: { id }, select: { id: true, registroId: true } }).catch(() => null);
    if (!c?.registroId) return;
    const r = await this.ds.getRepository(Registro).findOne({ where: { id: c.registroId }, select: { id: true, numero: true, responsavelId: true } }).catch(() => null);
    if (!r?.responsavelId) return;
    await this.avisos.notify([r.responsavelId], (p) => ({ tipo: 'pagamento.recebido', titulo: `Pagamento de ${brl(valorCentavos)} recebido no registro ${r.numero}`, link: avisoRegistroPath(p, r.id) }));
  }

  private async notify(id: string, evento: string, build: (c: Cobranca) => Notice | Promise<Notice>): Promise<void> {
    try {
      const c = await this.ds.getRepository(Cobranca).findOne({ where: { id } });
      if (c) await this.send(c, evento, await build(c));
    } catch (err) {
      this.logger.error(`Aviso "${evento}" da cobrança ${id} não enviado: ${(err as Error).message}`);
    }
  }

  /** Queues the notice to the charge's client (in `m` when given), linking to the charge in the portal. */
  private async send(c: Cobranca, evento: string, content: Notice, m?: EntityManager): Promise<void> {
    const cliente = await (m ?? this.ds.manager).getRepository(Cliente).findOne({ where: { id: c.clienteId }, select: { id: true, email: true, razaoSocial: true } });
    if (!cliente?.email) return;
    const { text, html } = clienteNotice({
      brandName: this.config.firm.brandName,
      nome: cliente.razaoSocial,
      paragraphs: content.paragraphs,
      link: portalLink(this.config.firm.siteUrl, PORTAL_PATHS.cobranca(c.id)),
      linkLabel: 'a cobrança',
    });
    const msg = { to: [cliente.email], subject: content.subject, text, html, attachments: content.attachments, cliente: { id: cliente.id, evento, link: PORTAL_PATHS.cobranca(c.id) } };
    if (m) await this.mail.enqueueIn(m, msg);
    else await this.mail.enqueue(msg);
  }
}
