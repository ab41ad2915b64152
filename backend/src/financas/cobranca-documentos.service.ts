import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthPrincipal } from '../platform/request';
import { Cliente } from '../clientes';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { Registro } from '../registros';
import { PolicyService } from '../platform/access';
import { PAGAMENTO_NOT_FOUND } from './cobranca-messages';
import { Cobranca, CobrancaLinha, CobrancaPagamento } from './entities/cobranca.entity';
import { pixCobranca, PixCobranca } from './pix';
import { reciboPdf } from './recibo';

/** What a charge gives its payer: the PIX to pay its balance, and a receipt for each payment. */
@Injectable()
export class CobrancaDocumentosService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly policy: PolicyService,
  ) {}

  async pix(actor: AuthPrincipal, id: string): Promise<PixCobranca> {
    const c = await this.policy.require<Cobranca>(actor, 'cobranca.read', id);
    const saldo = c.totalCentavos - c.pagoCentavos;
    if (c.status !== 'aberta' || saldo <= 0) throw new ConflictException('Esta cobrança não tem saldo em aberto para pagar por PIX.');
    return pixCobranca(this.config.financas.pix, c.txid, saldo);
  }

  async recibo(actor: AuthPrincipal, id: string, pagamentoId: string): Promise<{ pdf: Buffer; fileName: string }> {
    const c = await this.policy.require<Cobranca>(actor, 'cobranca.read', id);
    return this.reciboDe(c, pagamentoId);
  }

  /** The receipt of one payment of a charge already read (no access check: the caller did it, or is the system mailing the payer). */
  async reciboDe(c: Cobranca, pagamentoId: string): Promise<{ pdf: Buffer; fileName: string }> {
    const pagamentos = await this.ds.getRepository(CobrancaPagamento).find({ where: { cobrancaId: c.id }, order: { ordem: 'ASC' } });
    const p = pagamentos.find((x) => x.id === pagamentoId);
    if (!p) throw new NotFoundException(PAGAMENTO_NOT_FOUND);
    const pagoAte = pagamentos.filter((x) => x.ordem <= p.ordem).reduce((s, x) => s + x.valorCentavos, 0);
    const [cliente, linhas, registro] = await Promise.all([
      this.ds.getRepository(Cliente).findOne({ where: { id: c.clienteId }, select: { id: true, razaoSocial: true, cnpj: true, cpf: true } }),
      this.ds.getRepository(CobrancaLinha).find({ where: { cobrancaId: c.id }, order: { ordem: 'ASC' } }),
      c.registroId ? this.ds.getRepository(Registro).findOne({ where: { id: c.registroId }, select: { id: true, numero: true, tipo: true } }) : null,
    ]);
    const numero = `${c.txid}-${p.ordem}`;
    const pdf = await reciboPdf({
      firm: this.config.firm,
      numero,
      cliente: { razaoSocial: cliente?.razaoSocial ?? '—', cnpj: cliente?.cnpj ?? null, cpf: cliente?.cpf ?? null },
      linhas,
      totalCentavos: c.totalCentavos,
      pagamento: { data: p.data, valorCentavos: p.valorCentavos, forma: p.forma, nota: p.nota },
      saldoCentavos: c.totalCentavos - pagoAte,
      registroNumero: registro?.numero ?? null,
      registroServico: registro?.tipo ?? null,
    });
    return { pdf, fileName: `recibo-${numero}.pdf` };
  }
}
