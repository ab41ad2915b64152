import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { databaseKinds } from '../support/db';
import { TestApi } from '../support/api';

/**
 * Issue 13, Relatórios: each report's figures against a hand-computed fixture, on SQLite and
 * MariaDB alike. The fixture's instants sit on the edges that matter: a registro requested at
 * 23:00 in São Paulo on the period's last day (02:00 UTC the next day), and one concluded at
 * 23:00 on its due date (the next day in UTC).
 */
describe.each(databaseKinds())('relatórios on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;
  let staff: Record<string, any>;
  const periodo = 'de=2026-01-01&ate=2026-03-31';

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withEveryRole();
    db = api.app.get(DataSource);
    const clienteA = await api.withCliente('clienteA');
    const clienteB = await api.withCliente('clienteB');

    const fixture: Array<{ tipo: string; servico: string; createdAt: string; status: string; encerradoEm?: string; prazo: string; resp?: string; uf?: string }> = [
      // R1..R9 of the comments in the expectations below.
      { tipo: 'Abertura de Empresa', servico: 'abertura-empresas', createdAt: '2026-01-10 12:00:00', status: 'concluido', encerradoEm: '2026-01-20 12:00:00', prazo: '2026-01-30', resp: 'associado' },
      { tipo: 'Abertura de Empresa', servico: 'abertura-empresas', createdAt: '2026-01-15 12:00:00', status: 'concluido', encerradoEm: '2026-02-14 13:00:00', prazo: '2026-02-05', resp: 'associado', uf: 'RJ' },
      { tipo: 'Certidão Simplificada', servico: 'certidao-simplificada', createdAt: '2026-02-01 10:00:00', status: 'concluido', encerradoEm: '2026-02-03 09:00:00', prazo: '2026-02-04', resp: 'diretoria' },
      { tipo: 'Certidão Simplificada', servico: 'certidao-simplificada', createdAt: '2026-02-10 12:00:00', status: 'pendente', prazo: '2026-02-13' },
      { tipo: 'Abertura de Empresa', servico: 'abertura-empresas', createdAt: '2026-03-05 12:00:00', status: 'andamento', prazo: '2099-01-01', resp: 'associado' },
      { tipo: 'Alteração Contratual', servico: 'alteracoes-contratuais', createdAt: '2026-03-20 12:00:00', status: 'cancelado', encerradoEm: '2026-03-21 12:00:00', prazo: '2026-03-30' },
      { tipo: 'Certidão Simplificada', servico: 'certidao-simplificada', createdAt: '2025-12-31 12:00:00', status: 'pendente', prazo: '2099-01-01' },
      { tipo: 'Certidão Simplificada', servico: 'certidao-simplificada', createdAt: '2026-04-01 02:00:00', status: 'pendente', prazo: '2099-01-01' },
      { tipo: 'Certidão Simplificada', servico: 'certidao-simplificada', createdAt: '2026-03-01 12:00:00', status: 'concluido', encerradoEm: '2026-03-11 02:00:00', prazo: '2026-03-10', resp: 'diretoria' },
    ];
    for (const f of fixture) {
      const r = await api.post('/api/registros', { clienteId: clienteA._id, servico: f.servico, descricao: 'Fixture do relatório' }, 'master');
      if (r.status !== 201) throw new Error(`registro: ${r.status} ${JSON.stringify(r.body)}`);
      await db.query(
        'UPDATE registros SET tipo = ?, createdAt = ?, status = ?, encerradoEm = ?, prazo = ?, pausadoEm = NULL, responsavelId = ?, juntaUf = ? WHERE id = ?',
        [f.tipo, f.createdAt, f.status, f.encerradoEm ?? null, f.prazo, f.resp ? staff[f.resp]._id : null, f.uf ?? 'SP', r.body.data._id],
      );
    }
    // Clients: A new in January; B new in February and made inactive through the API (then dated to March).
    await db.query('UPDATE clientes SET createdAt = ? WHERE id = ?', ['2026-01-05 12:00:00', clienteA._id]);
    await db.query('UPDATE clientes SET createdAt = ? WHERE id = ?', ['2026-02-20 12:00:00', clienteB._id]);
  }, 120_000);
  afterAll(() => api.stop());

  const get = (nome: string, query = periodo, as = 'master') => api.get(`/api/relatorios/${nome}?${query}`, as);
  const linhas = async (nome: string, query = periodo) => {
    const r = await get(nome, query);
    expect([r.status, r.body?.message]).toEqual([200, undefined]);
    return r.body.data;
  };

  it('lists the reports for the board; a financeiro only those with money figures', async () => {
    const board = await api.get('/api/relatorios', 'diretoria');
    expect(board.status).toBe(200);
    expect(board.body.data.map((r: any) => r.nome)).toEqual(
      expect.arrayContaining(['registros-por-status', 'registros-por-servico', 'registros-por-mes', 'pontualidade', 'tempo-de-atendimento', 'clientes-por-mes', 'produtividade-equipe']),
    );
    const fin = await api.get('/api/relatorios', 'financeiro');
    expect(fin.status).toBe(200);
    expect(fin.body.data.filter((r: any) => !r.financeiro)).toEqual([]);
    expect(fin.body.data.length).toBeGreaterThan(0);
    expect((await get('registros-por-status', periodo, 'financeiro')).status).toBe(403);
    expect((await get('registros-por-status', periodo, 'associado')).status).toBe(403);
  });

  it('registros por status: requested in the period, São Paulo time (R7 out, R8 in)', async () => {
    const r = await linhas('registros-por-status');
    expect(r.linhas).toEqual([
      { status: 'Pendente', quantidade: 2, percentual: 25 },
      { status: 'Em andamento', quantidade: 1, percentual: 12.5 },
      { status: 'Concluído', quantidade: 4, percentual: 50 },
      { status: 'Cancelado', quantidade: 1, percentual: 12.5 },
      { status: 'Recusado', quantidade: 0, percentual: 0 },
    ]);
    expect(r.totais).toEqual({ status: 'Total', quantidade: 8, percentual: 100 });
    const abertura = await linhas('registros-por-status', `${periodo}&servico=abertura-empresas`);
    expect(abertura.totais.quantidade).toBe(3);
    const semResp = await linhas('registros-por-status', `${periodo}&responsavelId=nenhum`);
    expect(semResp.totais.quantidade).toBe(3);
  });

  it('registros por serviço, most requested first', async () => {
    const r = await linhas('registros-por-servico');
    expect(r.linhas).toEqual([
      { servico: 'Certidão Simplificada', total: 4, abertos: 2, concluidos: 2, cancelados: 0 },
      { servico: 'Abertura de Empresa', total: 3, abertos: 1, concluidos: 2, cancelados: 0 },
      { servico: 'Alteração Contratual', total: 1, abertos: 0, concluidos: 0, cancelados: 1 },
    ]);
    expect(r.totais).toEqual({ servico: 'Total', total: 8, abertos: 3, concluidos: 4, cancelados: 1 });
    // Filtered by person, the report groups the period's rows instead of counting index ranges: each
    // person's lines, and the unassigned ones, add up to the unfiltered lines.
    const somas = new Map<string, number[]>();
    for (const resp of ['nenhum', staff.associado._id, staff.diretoria._id]) {
      for (const l of (await linhas('registros-por-servico', `${periodo}&responsavelId=${resp}`)).linhas) {
        const soma = somas.get(l.servico) ?? [0, 0, 0, 0];
        somas.set(l.servico, [soma[0] + l.total, soma[1] + l.abertos, soma[2] + l.concluidos, soma[3] + l.cancelados]);
      }
    }
    expect(new Map(r.linhas.map((l: any) => [l.servico, [l.total, l.abertos, l.concluidos, l.cancelados]]))).toEqual(somas);
  });

  it('the report indexes serve the report ranges on SQLite and leave the lists\' plans alone', async () => {
    if (kind !== 'sqlite') return;
    const plan = async (sql: string) => ((await db.query(`EXPLAIN QUERY PLAN ${sql}`)) as { detail: string }[]).map((r) => r.detail).join(' | ');
    // The lists by Junta and by status walk their own indexes in createdAt order (no sort of every match).
    for (const where of ["r.juntaUf = 'RJ'", "r.status IN ('andamento')", "r.juntaUf = 'SP' AND r.status IN ('andamento')"]) {
      const p = await plan(`SELECT r.id FROM registros r WHERE ${where} ORDER BY r.createdAt DESC, r.id DESC LIMIT 25`);
      expect(p).not.toMatch(/TEMP B-TREE|status_criado/);
    }
    // A report's range: one range of the partial index.
    const range = await plan("SELECT COUNT(*) FROM registros r WHERE r.juntaUf = 'SP' AND r.status = 'concluido' AND r.createdAt >= '2026-01-01' AND r.createdAt < '2026-02-01'");
    expect(range).toMatch(/COVERING INDEX ix_registros_junta_status_criado \(juntaUf=\? AND status=\? AND createdAt>\? AND createdAt<\?\)/);
  });

  it('registros por mês: requested and concluded in each month', async () => {
    const r = await linhas('registros-por-mes');
    expect(r.linhas).toEqual([
      { mes: '01/2026', novos: 2, concluidos: 1 },
      { mes: '02/2026', novos: 2, concluidos: 2 },
      { mes: '03/2026', novos: 4, concluidos: 1 },
    ]);
    // The longest period (five years: one count per month in one query) gives the same figures in its months.
    const longo = await linhas('registros-por-mes', 'de=2021-04-01&ate=2026-03-31');
    expect(longo.linhas).toHaveLength(60);
    expect(longo.linhas.filter((l: { novos: number; concluidos: number }) => l.novos || l.concluidos)).toEqual([
      { mes: '12/2025', novos: 1, concluidos: 0 },
      ...r.linhas,
    ]);
    expect(longo.totais).toEqual({ mes: 'Total', novos: 9, concluidos: 4 });
  });

  it('pontualidade: the day of conclusion in São Paulo against the due date', async () => {
    const r = await linhas('pontualidade');
    expect(r.linhas).toEqual([
      { servico: 'Abertura de Empresa', concluidos: 2, noPrazo: 1, atrasados: 1, taxa: 50 },
      { servico: 'Certidão Simplificada', concluidos: 2, noPrazo: 2, atrasados: 0, taxa: 100 },
    ]);
    expect(r.totais).toEqual({ servico: 'Total', concluidos: 4, noPrazo: 3, atrasados: 1, taxa: 75 });
  });

  it('tempo de atendimento: whole days, p50 and p90 by nearest rank', async () => {
    const r = await linhas('tempo-de-atendimento');
    expect(r.linhas).toEqual([
      { servico: 'Abertura de Empresa', concluidos: 2, p50: 10, p90: 30 },
      { servico: 'Certidão Simplificada', concluidos: 2, p50: 1, p90: 9 },
    ]);
    expect(r.totais).toEqual({ servico: 'Todos', concluidos: 4, p50: 9, p90: 30 });
  });

  it('produtividade: open and overdue today, concluded in the period, per person', async () => {
    const r = await linhas('produtividade-equipe');
    const by = Object.fromEntries(r.linhas.map((l: any) => [l.responsavel, l]));
    expect(by[staff.associado.nomeCompleto]).toEqual({ responsavel: staff.associado.nomeCompleto, abertos: 1, vencidos: 0, concluidos: 2, p50: 10 });
    expect(by[staff.diretoria.nomeCompleto]).toEqual({ responsavel: staff.diretoria.nomeCompleto, abertos: 0, vencidos: 0, concluidos: 2, p50: 1 });
    expect(by['Sem responsável']).toEqual({ responsavel: 'Sem responsável', abertos: 3, vencidos: 1, concluidos: 0, p50: null });
    expect(r.linhas).toHaveLength(3);
  });

  it('registros and lead time by Junta (R2 filed at the JUCERJA)', async () => {
    const r = await linhas('registros-por-junta');
    expect(r.linhas).toEqual([
      { junta: 'SP — JUCESP', total: 7, abertos: 3, concluidos: 3, cancelados: 1 },
      { junta: 'RJ — JUCERJA', total: 1, abertos: 0, concluidos: 1, cancelados: 0 },
    ]);
    const t = await linhas('tempo-por-junta');
    expect(t.linhas).toEqual([
      { junta: 'RJ — JUCERJA', concluidos: 1, p50: 30, p90: 30 },
      { junta: 'SP — JUCESP', concluidos: 3, p50: 9, p90: 10 },
    ]);
  });

  it('exigência rate by Junta and by responsible person', async () => {
    const [r1] = await db.query("SELECT id FROM registros WHERE createdAt = ?", ['2026-01-10 12:00:00']);
    const [r2] = await db.query("SELECT id FROM registros WHERE createdAt = ?", ['2026-01-15 12:00:00']);
    const now = kind === 'sqlite' ? '2026-02-01 12:00:00.000' : new Date('2026-02-01T12:00:00Z');
    const insert = (id: string, registroId: string) =>
      db.query(
        'INSERT INTO registro_exigencias (id, createdAt, updatedAt, registroId, descricao, notificadaEm, rodadaInicio, prazo, criadoPorNome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [id, now, now, registroId, 'Falta assinatura', '2026-02-01', '2026-02-01', '2026-03-03', 'Pessoa'],
      );
    await insert('00000000-0000-4000-8000-0000000000e1', r1.id);
    await insert('00000000-0000-4000-8000-0000000000e2', r1.id);
    await insert('00000000-0000-4000-8000-0000000000e3', r2.id);
    const junta = await linhas('exigencias-por-junta');
    expect(junta.linhas).toEqual([
      { junta: 'RJ — JUCERJA', registros: 1, comExigencia: 1, exigencias: 1, taxa: 100 },
      { junta: 'SP — JUCESP', registros: 7, comExigencia: 1, exigencias: 2, taxa: 14.3 },
    ]);
    expect(junta.totais).toEqual({ junta: 'Total', registros: 8, comExigencia: 2, exigencias: 3, taxa: 25 });
    const resp = await linhas('exigencias-por-responsavel');
    expect(resp.linhas[0]).toEqual({ responsavel: staff.associado.nomeCompleto, registros: 3, comExigencia: 2, exigencias: 3, taxa: 66.7 });
  });

  it('received and still owed, by service and by client type, for Finanças holders only', async () => {
    const clientes = await api.get('/api/clientes?sort=["createdAt","ASC"]', 'master');
    const [a] = clientes.body.data;
    const nova = async (valor: number, vencimento: string) => {
      const r = await api.post('/api/cobrancas', { clienteId: a._id, vencimento, linhas: [{ descricao: 'Honorários', tipo: 'honorario', valor }] }, 'financeiro');
      expect([r.status, r.body?.message]).toEqual([201, undefined]);
      return r.body.data;
    };
    const c1 = await nova(1000, '2026-02-10');
    await nova(250.5, '2026-03-10');
    await nova(99, '2026-06-10'); // out of the period
    const pago = await api.post(`/api/cobrancas/${c1._id}/pagamentos`, { valor: 400, forma: 'pix', data: '2026-02-11' }, 'financeiro');
    expect(pago.status).toBe(201);
    const fin = await api.get(`/api/relatorios/recebimentos-por-servico?${periodo}`, 'financeiro');
    expect(fin.status).toBe(200);
    expect(fin.body.data.linhas).toEqual([{ servico: 'Cobrança avulsa', cobrancas: 2, faturado: 1250.5, recebido: 400, aReceber: 850.5 }]);
    const tipo = await api.get(`/api/relatorios/recebimentos-por-tipo-de-cliente?${periodo}`, 'master');
    expect(tipo.body.data.totais).toEqual({ tipo: 'Total', cobrancas: 2, faturado: 1250.5, recebido: 400, aReceber: 850.5 });
    expect((await api.get('/api/relatorios', 'financeiro')).body.data.map((r: any) => r.nome)).toEqual(['recebimentos-por-servico', 'recebimentos-por-tipo-de-cliente']);
    expect((await api.get(`/api/relatorios/recebimentos-por-servico?${periodo}`, 'associado')).status).toBe(403);
  });

  it('clientes por mês: new ones, and inactivations dated when the status changes', async () => {
    const clientes = await api.get('/api/clientes?sort=["createdAt","ASC"]', 'master');
    const b = clientes.body.data[1];
    const off = await api.put(`/api/clientes/${b._id}`, { status: 'inativo' }, 'master');
    expect(off.status).toBe(200);
    const [row] = await db.query('SELECT inativadoEm FROM clientes WHERE id = ?', [b._id]);
    expect(row.inativadoEm).not.toBeNull();
    await db.query('UPDATE clientes SET inativadoEm = ? WHERE id = ?', ['2026-03-02 12:00:00', b._id]);
    const r = await linhas('clientes-por-mes');
    expect(r.linhas).toEqual([
      { mes: '01/2026', novos: 1, inativados: 0 },
      { mes: '02/2026', novos: 1, inativados: 0 },
      { mes: '03/2026', novos: 0, inativados: 1 },
    ]);
    expect((await api.put(`/api/clientes/${b._id}`, { status: 'ativo' }, 'master')).status).toBe(200);
    const [back] = await db.query('SELECT inativadoEm FROM clientes WHERE id = ?', [b._id]);
    expect(back.inativadoEm).toBeNull();
  });

  it('exports CSV (BOM, ";", pt-BR percentages, totals last) and XLSX with the same numbers', async () => {
    const csv = await fetch(`${api.baseUrl}/api/relatorios/registros-por-status?${periodo}&formato=csv`, { headers: { authorization: `Bearer ${api.token.master}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split('\r\n').slice(0, 3)).toEqual(['Status;Quantidade;Percentual', 'Pendente;2;25%', 'Em andamento;1;12,5%']);
    expect(text).toContain('Total;8;100%');

    const x = await fetch(`${api.baseUrl}/api/relatorios/pontualidade?${periodo}&formato=xlsx`, { headers: { authorization: `Bearer ${api.token.master}` } });
    expect(x.status).toBe(200);
    expect(x.headers.get('content-disposition')).toMatch(/filename="pontualidade-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await x.arrayBuffer()) as any);
    const ws = wb.worksheets[0];
    expect(ws.getRow(2).values).toEqual([undefined, 'Serviço', 'Concluídos', 'No prazo', 'Atrasados', 'Taxa no prazo']);
    expect(ws.getRow(3).values).toEqual([undefined, 'Abertura de Empresa', 2, 1, 1, 0.5]);
    expect(ws.getRow(5).values).toEqual([undefined, 'Total', 4, 3, 1, 0.75]);
    expect(ws.getCell('E3').numFmt).toBe('0.0%');
  });

  it('refuses a bad period, format or filter in pt-BR, and an unknown report with 404', async () => {
    for (const [q, msg] of [
      ['de=2026-02-30', /^Parâmetro de inválido: use uma data real no formato AAAA-MM-DD/],
      // Issue 55: a bad "ate" was read before it was checked (a 500).
      ['ate=x', /^Parâmetro ate inválido: use uma data real no formato AAAA-MM-DD/],
      ['ate=true', /^Parâmetro ate inválido: use uma data real no formato AAAA-MM-DD/],
      ['ate=', /^Parâmetro ate inválido: use uma data real no formato AAAA-MM-DD/],
      ['ate=2026-13-45', /^Parâmetro ate inválido: use uma data real no formato AAAA-MM-DD/],
      ['de=2026-01-01&ate=2026-02-30', /^Parâmetro ate inválido/],
      ['de=2026-03-01&ate=2026-01-01', /posterior/],
      ['de=2010-01-01&ate=2026-01-01', /longo demais/],
      ['formato=pdf', /Formato inválido/],
      ['nada=1', /desconhecido/],
      ['tipoClienteId=x', /não se filtra por tipoClienteId/],
      ['de=2026-01-01&de=2026-02-01', /uma única vez/],
    ] as const) {
      const r = await get('registros-por-status', q);
      expect([q, r.status]).toEqual([q, 400]);
      expect(r.body.message).toMatch(msg);
    }
    const none = await get('__proto__');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Relatório não encontrado.');
  });
});
