import 'reflect-metadata';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { ListRequest } from '../platform/read-side';
import type { Registro } from './entities/registro.entity';
import { applyStaffFilters, crossParts, filterStatus, inListOrder, isTrue, porStatusAberto, QueryPart } from './registros-filtros';

const TODAY = '2026-03-10';
const LIMITE = '2026-03-17';
const STATUSES = ['pendente', 'andamento', 'concluido', 'cancelado', 'recusado'];
const PRAZOS = [null, '2026-03-01', TODAY, '2026-03-12', LIMITE, '2026-04-30'];
const EXIGENCIAS = [null, '2026-03-05', '2026-03-13', '2026-04-30'];

/**
 * The staff list's filters on a small table of every status × due date × exigência: the disjoint parts a
 * filter is split into (read part by part on the first pages) must hold exactly the rows of the filter as
 * one condition (read on deeper pages), each row in one part only.
 */
describe('staff list filters (registros-filtros)', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
    await ds.query('CREATE TABLE registros (id varchar(8) PRIMARY KEY, status varchar(20) NOT NULL, prazo varchar(10), exigenciaPrazo varchar(10))');
    let n = 0;
    for (const status of STATUSES) {
      for (const prazo of PRAZOS) {
        for (const exigencia of EXIGENCIAS) {
          await ds.query('INSERT INTO registros VALUES (?, ?, ?, ?)', [`r${String(n++).padStart(3, '0')}`, status, prazo, exigencia]);
        }
      }
    }
  });
  afterAll(() => ds.destroy());

  const qb = () => ds.createQueryBuilder().select('r.id', 'id').from('registros', 'r') as unknown as SelectQueryBuilder<Registro>;
  const ids = async (q: SelectQueryBuilder<Registro>) => (await q.getRawMany<{ id: string }>()).map((r) => r.id).sort();
  const ctx = (sqlite: boolean) => ({ actorId: 'eu', today: TODAY, sqlite, businessDaysAfterToday: async () => LIMITE });
  const request = (filter: Record<string, unknown>, sortColumn = 'r.createdAt', sortOrder: 'ASC' | 'DESC' = 'DESC'): ListRequest => ({ skip: 0, take: 25, sortColumn, sortOrder, filter });

  it.each([
    ['vencido', { vencido: true }, 2],
    ['venceEmDiasUteis', { venceEmDiasUteis: 5 }, 3],
    ['vencido and venceEmDiasUteis', { vencido: 'true', venceEmDiasUteis: '5' }, 6],
    ['aberto on MySQL/MariaDB', { aberto: true }, 2],
  ])('%s: its parts are disjoint and together are the filter as one condition', async (_name, filter, partCount) => {
    const base = qb();
    const { filterParts, partitioned } = await applyStaffFilters(base, filter, ctx(false));
    expect(filterParts).toHaveLength(partCount);
    const whole = base.clone();
    for (const c of partitioned) whole.andWhere(c.where, c.params);
    const expected = await ids(whole);
    expect(expected.length).toBeGreaterThan(0);
    const byPart = await Promise.all(filterParts!.map((p) => ids(base.clone().andWhere(p.where, p.params))));
    const union = byPart.flat().sort();
    expect(union).toEqual(expected);
    expect(new Set(union).size).toBe(union.length);
  });

  it('venceEmDiasUteis: the open ones due by the limit (overdue too), or whose exigência ends within 5 days', async () => {
    const base = qb();
    const { partitioned } = await applyStaffFilters(base, { venceEmDiasUteis: 5 }, ctx(true));
    const whole = base.clone();
    for (const c of partitioned) whole.andWhere(c.where, c.params);
    const rows: { status: string; prazo: string | null; exigenciaPrazo: string | null }[] = await ds.query(
      `SELECT status, prazo, exigenciaPrazo FROM registros WHERE id IN (${(await ids(whole)).map((id) => `'${id}'`).join(', ')})`,
    );
    for (const r of rows) {
      expect(['pendente', 'andamento']).toContain(r.status);
      expect((r.prazo !== null && r.prazo <= LIMITE) || (r.exigenciaPrazo !== null && r.exigenciaPrazo <= '2026-03-15')).toBe(true);
    }
    // An open one due after the limit and with no exigência near is not in it.
    expect(rows.some((r) => r.prazo === '2026-04-30' && r.exigenciaPrazo === '2026-04-30')).toBe(false);
  });

  it('aberto on SQLite is one condition on the query, not parts', async () => {
    const base = qb();
    const { filterParts, partitioned } = await applyStaffFilters(base, { aberto: true }, ctx(true));
    expect(filterParts).toBeNull();
    expect(partitioned).toEqual([]);
    expect(await ids(base)).toHaveLength(2 * PRAZOS.length * EXIGENCIAS.length);
  });

  it('narrows by status, "me" and nobody as responsável, Junta (upper-cased) and current stage', async () => {
    const sql = async (filter: Record<string, unknown>) => {
      const base = ds.createQueryBuilder().select('r.id', 'id').from('registros', 'r') as unknown as SelectQueryBuilder<Registro>;
      await applyStaffFilters(base, filter, ctx(true));
      return base.getQueryAndParameters();
    };
    const [meSql, meParams] = await sql({ responsavelId: 'me' });
    expect(meSql).toContain('r.responsavelId = ?');
    expect(meParams).toEqual(['eu']);
    for (const nobody of [null, '', 'nenhum']) expect((await sql({ responsavelId: nobody }))[0]).toContain('r.responsavelId IS NULL');
    expect((await sql({ junta: 'rj' }))[1]).toEqual(['RJ']);
    expect((await sql({ etapa: 'Protocolo na Junta' }))[1]).toEqual(['Protocolo na Junta']);
    expect((await sql({ status: ['pendente', 'andamento'] }))[1]).toEqual(['pendente', 'andamento']);
  });

  it.each([
    [{ status: 'aberto' }, 'Filtro status inválido: use pendente, andamento, concluido, cancelado ou recusado.'],
    [{ junta: 'XX' }, 'Filtro junta inválido: use a sigla da UF (por exemplo SP, RJ, MG).'],
    [{ venceEmDiasUteis: 366 }, 'venceEmDiasUteis deve ser um número inteiro de 0 a 365.'],
    [{ venceEmDiasUteis: '1.5' }, 'venceEmDiasUteis deve ser um número inteiro de 0 a 365.'],
  ])('refuses %p with a 400 in pt-BR', async (filter, message) => {
    await expect(applyStaffFilters(qb(), filter, ctx(true))).rejects.toMatchObject({ status: 400, message });
  });

  it('filterStatus leaves the query alone without a status', () => {
    for (const status of [undefined, null, '', []]) {
      const q = qb();
      filterStatus(q, status);
      expect(q.getQuery()).not.toContain('WHERE');
    }
  });

  it('sorts by prazo with the paused ones (no prazo) last in both directions, ties by id', async () => {
    for (const order of ['ASC', 'DESC'] as const) {
      const rows: { id: string; prazo: string | null }[] = await inListOrder(qb().addSelect('r.prazo', 'prazo'), request({}, 'r.prazo', order)).getRawMany();
      const firstNull = rows.findIndex((r) => r.prazo === null);
      expect(rows.slice(firstNull).every((r) => r.prazo === null)).toBe(true);
      const dated = rows.slice(0, firstNull).map((r) => r.prazo!);
      expect(dated).toEqual([...dated].sort((a, b) => (order === 'ASC' ? a.localeCompare(b) : b.localeCompare(a))));
    }
  });

  it('crossParts pairs every part of one set with every part of the other; either alone when the other is null', () => {
    const a: QueryPart[] = [{ where: 'x = 1', params: { x: 1 } }, { where: 'x = 2', params: { x: 2 } }];
    const b = porStatusAberto('r.prazo < :today', { today: TODAY });
    expect(crossParts(a, null)).toBe(a);
    expect(crossParts(null, b)).toBe(b);
    expect(crossParts(null, null)).toBeNull();
    const both = crossParts(a, b)!;
    expect(both).toHaveLength(4);
    expect(both[0]).toEqual({ where: '(x = 1) AND (r.status = :statusAberto0 AND r.prazo < :today)', params: { x: 1, today: TODAY, statusAberto0: 'pendente' }, prazoDefinido: true });
  });

  it.each([
    [true, true],
    ['true', true],
    [1, true],
    ['1', true],
    [false, false],
    ['false', false],
    [undefined, false],
    ['sim', false],
  ])('isTrue(%p) = %p', (v, expected) => expect(isTrue(v)).toBe(expected));
});
