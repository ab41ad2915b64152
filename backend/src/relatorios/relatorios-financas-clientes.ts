import { Cliente } from '../clientes';
import { Filtros, mesesDoPeriodo, Periodo } from './relatorio-parametros';
import { num, RelatorioSql, sumRows } from './relatorio-sql';

/** The reports on money (charges billed and received) and on the client base (clients in and out by month). */
export class RelatoriosDeFinancasEClientes {
  constructor(private readonly sql: RelatorioSql) {}

  /**
   * Charges due in the period, not cancelled: billed (their totals), received (what was paid on
   * them) and still owed, grouped by the registro's service ("Cobrança avulsa" without one) or by
   * the client's type ("Sem tipo"). Integer centavos summed in SQL, shown in reais.
   */
  async recebimentos(p: Periodo, por: 'servico' | 'tipo') {
    const qb = this.sql.manager
      .createQueryBuilder()
      .from('cobrancas', 'c')
      .where("c.status <> 'cancelada' AND c.vencimento >= :de AND c.vencimento <= :ate", { de: p.de, ate: p.ate });
    if (por === 'servico') qb.leftJoin('registros', 'r', 'r.id = c.registroId').select('r.tipo', 'g');
    else qb.leftJoin('clientes', 'cl', 'cl.id = c.clienteId').leftJoin('tipos_cliente', 't', 't.id = cl.tipoClienteId').select('t.nome', 'g');
    const group = por === 'servico' ? 'r.tipo' : 't.nome';
    const rows = await qb
      .addSelect('COUNT(*)', 'n')
      .addSelect('SUM(c.totalCentavos)', 'total')
      .addSelect('SUM(c.pagoCentavos)', 'pago')
      .groupBy(group)
      .orderBy('SUM(c.totalCentavos)', 'DESC')
      .getRawMany<{ g: string | null; n: unknown; total: unknown; pago: unknown }>();
    const reais = (centavos: number) => centavos / 100;
    const key = por === 'servico' ? 'servico' : 'tipo';
    const vazio = por === 'servico' ? 'Cobrança avulsa' : 'Sem tipo';
    const linhas = rows.map((r) => ({
      [key]: r.g ?? vazio,
      cobrancas: num(r.n),
      faturado: reais(num(r.total)),
      recebido: reais(num(r.pago)),
      aReceber: reais(num(r.total) - num(r.pago)),
    }));
    const cents = (k: 'total' | 'pago') => rows.reduce((s, r) => s + num(r[k]), 0);
    return {
      linhas,
      totais: { [key]: 'Total', cobrancas: rows.reduce((s, r) => s + num(r.n), 0), faturado: reais(cents('total')), recebido: reais(cents('pago')), aReceber: reais(cents('total') - cents('pago')) },
    };
  }

  async clientesPorMes(p: Periodo, f: Filtros) {
    const qb = () => {
      const q = this.sql.manager.getRepository(Cliente).createQueryBuilder('c');
      if (f.tipoClienteId) q.andWhere('c.tipoClienteId = :tipo', { tipo: f.tipoClienteId });
      return q;
    };
    const [novos, inativados] = await Promise.all([this.sql.porMesDe(qb(), 'c.createdAt', p), this.sql.porMesDe(qb(), 'c.inativadoEm', p)]);
    const linhas = mesesDoPeriodo(p).map((m) => ({ mes: m.rotulo, novos: novos.get(m.chave) ?? 0, inativados: inativados.get(m.chave) ?? 0 }));
    return { linhas, totais: sumRows(linhas, 'mes', ['novos', 'inativados']) };
  }
}
