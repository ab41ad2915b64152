import { Injectable } from '@nestjs/common';
import { IsNull, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { can, DashboardResponse, OPEN_REGISTRO_STATUSES, REGISTRO_STATUSES, RegistroStatus, todayInSaoPaulo } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { Cliente } from '../clientes';
import { ContatoMensagem } from '../contato';
import { MailMessage } from '../mail';
import { Registro } from '../registros';
import { TipoCliente } from '../tipos-cliente';
import { Periodo, PERIODO_ROTULOS, PeriodoRange, periodoRange } from './periodo';
import { ExigenciasService } from '../exigencias';
import { ReadSide } from '../platform/read-side';

const sumIf = (condition: string) => `SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;
/** COUNT and SUM come back as numbers, strings (MySQL) or null (SUM of nothing). */
const num = (v: unknown) => Number(v ?? 0) || 0;

/**
 * The dashboards' figures (§2.10), each counted in SQL. Master and diretoria see the firm's
 * registros; an associado sees its own work (the registros it is responsible for). Clients and
 * client types are the firm's for everyone (every staff member works with all of them), and the
 * unread e-mail is always the caller's own inbox: mailboxes are personal.
 */
@Injectable()
export class DashboardService {
  // Every figure is a read: on the read pool (SQLite workers; the data source on MySQL).
  private readonly clientes: Repository<Cliente>;
  private readonly tipos: Repository<TipoCliente>;
  private readonly registros: Repository<Registro>;
  private readonly mail: Repository<MailMessage>;
  private readonly contato: Repository<ContatoMensagem>;

  constructor(
    reads: ReadSide,
    private readonly exigencias: ExigenciasService,
  ) {
    this.clientes = reads.manager.getRepository(Cliente);
    this.tipos = reads.manager.getRepository(TipoCliente);
    this.registros = reads.manager.getRepository(Registro);
    this.mail = reads.manager.getRepository(MailMessage);
    this.contato = reads.manager.getRepository(ContatoMensagem);
  }

  async getDashboard(principal: AuthPrincipal, periodo: Periodo, now = new Date()): Promise<DashboardResponse> {
    const range = periodoRange(periodo, now);
    const firma = can(principal, 'dashboard.firm');
    const inPeriod = (col: string) => `${col} >= :inicio AND ${col} < :fim`;
    const period = { inicio: range.inicio, fim: range.fim };

    // Registros in scope: all of them, or those the associado is responsible for.
    const registrosQb = () => {
      const qb = this.registros.createQueryBuilder('r');
      if (!firma) qb.where('r.responsavelId = :me', { me: principal.id });
      return qb;
    };

    const [cli, tip, porStatus, reg, semResponsavel, naoLidos, clientesSerie, registrosSerie, mensagens] = await Promise.all([
      this.clientes
        .createQueryBuilder('c')
        .select('COUNT(*)', 'total')
        .addSelect(sumIf("c.status = 'ativo'"), 'ativos')
        .addSelect(sumIf(inPeriod('c.createdAt')), 'novos')
        .setParameters(period)
        .getRawOne(),
      this.tipos.createQueryBuilder('t').select('COUNT(*)', 'total').addSelect(sumIf('t.ativo = :sim'), 'ativos').setParameter('sim', true).getRawOne(),
      registrosQb().select('r.status', 'status').addSelect('COUNT(*)', 'n').groupBy('r.status').getRawMany<{ status: string; n: unknown }>(),
      registrosQb()
        .select(sumIf(inPeriod('r.createdAt')), 'novos')
        .addSelect(sumIf(`r.status = 'concluido' AND ${inPeriod('r.encerradoEm')}`), 'concluidos')
        .addSelect(sumIf('r.status IN (:...abertos) AND r.prazo IS NOT NULL AND r.prazo < :hoje'), 'vencidos')
        .setParameters({ ...period, abertos: OPEN_REGISTRO_STATUSES, hoje: todayInSaoPaulo(now) })
        .getRawOne(),
      this.registros.count({ where: OPEN_REGISTRO_STATUSES.map((status) => ({ status, responsavelId: IsNull() })) }),
      this.mail.count({ where: { ownerId: principal.id, folder: 'inbox', read: false } }),
      this.serie(this.clientes.createQueryBuilder('c'), 'c.createdAt', range),
      this.serie(registrosQb(), 'r.createdAt', range),
      can(principal, 'contato') ? this.mensagens() : null,
    ]);

    const byStatus = Object.fromEntries(REGISTRO_STATUSES.map((s) => [s, 0])) as Record<RegistroStatus, number>;
    for (const row of porStatus) if (row.status in byStatus) byStatus[row.status as RegistroStatus] = num(row.n);
    const total = (n: Record<string, number>) => Object.values(n).reduce((a, b) => a + b, 0);

    return {
      periodo: { codigo: periodo, rotulo: PERIODO_ROTULOS[periodo], inicio: range.inicio.toISOString(), fim: range.fim.toISOString() },
      escopo: firma ? 'firma' : 'proprio',
      clientes: { total: num(cli?.total), ativos: num(cli?.ativos), inativos: num(cli?.total) - num(cli?.ativos), novos: num(cli?.novos) },
      tiposCliente: { total: num(tip?.total), ativos: num(tip?.ativos), inativos: num(tip?.total) - num(tip?.ativos) },
      registros: {
        total: total(byStatus),
        porStatus: byStatus,
        abertos: OPEN_REGISTRO_STATUSES.reduce((a, s) => a + byStatus[s], 0),
        novos: num(reg?.novos),
        concluidos: num(reg?.concluidos),
        vencidos: num(reg?.vencidos),
        semResponsavel,
      },
      emails: { naoLidos },
      mensagens,
      serie: range.intervalos.map((iv, i) => ({ chave: iv.chave, inicio: iv.inicio.toISOString(), clientesNovos: clientesSerie[i], registrosNovos: registrosSerie[i] })),
      // Issue 11: open exigências near or past their deadline, in the same scope as the registros.
      exigencias: await this.exigencias.alertas(firma ? null : principal.id, todayInSaoPaulo(now)),
    };
  }

  /**
   * Issue 52: the contact messages waiting, for who answers them (Suporte, and the staff who may
   * read them): unread (as the list's "Não lidas" tab counts them, from ix_contato_lista) and not
   * yet handled ("Pendentes").
   */
  private async mensagens(): Promise<{ naoLidas: number; pendentes: number }> {
    const [naoLidas, pendentes] = await Promise.all([this.contato.count({ where: { lida: false } }), this.contato.count({ where: { tratada: false } })]);
    return { naoLidas, pendentes };
  }

  /** New rows per interval of the chart, in one pass over the period (one SUM per interval). */
  private async serie<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, column: string, range: PeriodoRange): Promise<number[]> {
    qb.andWhere(`${column} >= :serieInicio AND ${column} < :serieFim`, { serieInicio: range.inicio, serieFim: range.fim });
    qb.select('COUNT(*)', 'n');
    range.intervalos.forEach((iv, i) => {
      qb.addSelect(sumIf(`${column} >= :i${i} AND ${column} < :f${i}`), `s${i}`).setParameters({ [`i${i}`]: iv.inicio, [`f${i}`]: iv.fim });
    });
    const row = await qb.getRawOne<Record<string, unknown>>();
    return range.intervalos.map((_, i) => num(row?.[`s${i}`]));
  }
}
