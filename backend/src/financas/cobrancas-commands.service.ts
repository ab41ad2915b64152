import { ConflictException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { addCalendarDays, CobrancaDetalheResponse, todayInSaoPaulo } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { Cliente } from '../clientes';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { withTransaction } from '../platform/database';
import { Registro } from '../registros';
import { addHistorico, autorDe, insertCobrancas, insertLinhas } from './cobranca-escrita';
import { brl, checkDate, fmtDate, parseLinhas, sum } from './cobranca-linhas';
import { CHANGED_MEANWHILE, CLIENTE_NOT_FOUND, COM_PAGAMENTO, SO_ABERTA } from './cobranca-messages';
import { CobrancasQueryService } from './cobrancas-query.service';
import { FinancasNotifier } from './financas-notifier';
import { CreateCobrancaDto, UpdateCobrancaDto } from './dto/cobranca.dto';
import { Cobranca, CobrancaLinha } from './entities/cobranca.entity';

/**
 * Charges made and changed by hand (issue 12): a charge of its own, its lines and due date while
 * nothing was paid, its cancellation. Each change moves the row only from the version it was read
 * at (a concurrent change finds 0 rows and gets a 409) and writes a history line.
 */
@Injectable()
export class CobrancasCommandsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly query: CobrancasQueryService,
    private readonly notifier: FinancasNotifier,
  ) {}

  async createCobranca(actor: AuthPrincipal, dto: CreateCobrancaDto): Promise<CobrancaDetalheResponse> {
    if (!(await this.ds.getRepository(Cliente).exists({ where: { id: dto.clienteId } }))) throw new NotFoundException(CLIENTE_NOT_FOUND);
    if (dto.registroId) {
      const r = await this.ds.getRepository(Registro).findOne({ where: { id: dto.registroId }, select: { id: true, clienteId: true } });
      if (!r || r.clienteId !== dto.clienteId) throw new UnprocessableEntityException('O registro informado não existe ou não é deste cliente.');
    }
    const linhas = parseLinhas(dto.linhas);
    const vencimento = dto.vencimento ?? addCalendarDays(todayInSaoPaulo(), this.config.financas.vencimentoDias);
    checkDate(vencimento, 'Vencimento');
    const autor = await autorDe(this.ds.manager, actor);
    const [id] = await withTransaction(this.ds, (m) =>
      insertCobrancas(m, [{ clienteId: dto.clienteId, registroId: dto.registroId ?? null, vencimento, linhas, autor, origem: 'manual' }]),
    );
    await this.notifier.cobrancaEmitida(id);
    return this.query.getDetalhe(id);
  }

  async updateCobranca(actor: AuthPrincipal, id: string, dto: UpdateCobrancaDto): Promise<CobrancaDetalheResponse> {
    const c = await this.query.find(id);
    if (c.status !== 'aberta') throw new ConflictException(SO_ABERTA);
    if (c.pagoCentavos > 0) throw new ConflictException(COM_PAGAMENTO);
    const linhas = dto.linhas === undefined ? null : parseLinhas(dto.linhas);
    if (dto.vencimento !== undefined) checkDate(dto.vencimento, 'Vencimento');
    const autor = await autorDe(this.ds.manager, actor);
    const mudancas: string[] = [];
    await withTransaction(this.ds, async (m) => {
      const set: Partial<Cobranca> = { versao: c.versao + 1, updatedAt: new Date() };
      if (dto.vencimento !== undefined && dto.vencimento !== c.vencimento) {
        set.vencimento = dto.vencimento;
        mudancas.push(`vencimento ${fmtDate(c.vencimento)} → ${fmtDate(dto.vencimento)}`);
      }
      if (linhas) {
        const total = sum(linhas);
        set.totalCentavos = total;
        set.honorariosCentavos = sum(linhas.filter((l) => l.tipo === 'honorario'));
        mudancas.push(`linhas alteradas (total ${brl(c.totalCentavos)} → ${brl(total)})`);
      }
      const result = await m
        .createQueryBuilder()
        .update(Cobranca)
        .set(set)
        .where("id = :id AND versao = :versao AND status = 'aberta' AND pagoCentavos = 0", { id, versao: c.versao })
        .execute();
      if (!result.affected) throw new ConflictException(CHANGED_MEANWHILE);
      if (linhas) {
        await m.delete(CobrancaLinha, { cobrancaId: id });
        await insertLinhas(m, id, linhas);
      }
      if (mudancas.length) await addHistorico(m, id, 'edicao', `Cobrança editada: ${mudancas.join('; ')}.`, autor);
    });
    return this.query.getDetalhe(id);
  }

  async cancelar(actor: AuthPrincipal, id: string, motivo: string): Promise<CobrancaDetalheResponse> {
    const c = await this.query.find(id);
    if (c.status !== 'aberta') throw new ConflictException(c.status === 'paga' ? 'Uma cobrança paga não pode ser cancelada.' : 'A cobrança já está cancelada.');
    const autor = await autorDe(this.ds.manager, actor);
    await withTransaction(this.ds, async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(Cobranca)
        .set({ status: 'cancelada', motivoCancelamento: motivo, versao: c.versao + 1, updatedAt: new Date() })
        .where("id = :id AND versao = :versao AND status = 'aberta'", { id, versao: c.versao })
        .execute();
      if (!result.affected) throw new ConflictException(CHANGED_MEANWHILE);
      await addHistorico(m, id, 'cancelamento', `Cobrança cancelada. Motivo: ${motivo}`, autor);
    });
    return this.query.getDetalhe(id);
  }
}
