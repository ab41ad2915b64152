import { DataSource } from 'typeorm';
import {
  addBusinessDays,
  addCalendarDays,
  REGISTRO_STATUSES,
  REGISTRO_TRANSITIONS,
  RegistroStatus,
  todayInSaoPaulo,
} from '@veritas/common';
import { JuntaDays } from '../../backend/src/calendario/junta-feriados';
import { databaseKinds } from '../support/db';
import { TestApi } from '../support/api';

/** Registros through HTTP: requests, protocol numbers, transitions, assignment, history, deadlines, lists, IDOR. */
describe.each(databaseKinds())('registros on %s', (kind) => {
  let api: TestApi;
  let staff: Record<'master' | 'diretoria' | 'associado', any>;
  let clienteA: any;
  let clienteB: any;
  let db: DataSource;
  const today = todayInSaoPaulo();
  /** The test clients are in São Paulo: their registros count on JUCESP's calendar (issue 11). */
  const sp = (extra: string[] = []) => new JuntaDays('SP', new Set(extra));

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withStaff();
    clienteA = await api.withCliente('clienteA', { razaoSocial: 'Padaria Pão Quente Ltda' });
    clienteB = await api.withCliente('clienteB', { razaoSocial: 'Oficina Bom Motor Ltda' });
    db = api.app.get(DataSource);
  });
  afterAll(() => api.stop());

  async function solicitar(as = 'clienteA', body: Record<string, unknown> = {}) {
    const r = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão simplificada da empresa', ...body }, as);
    expect([r.status, r.body?.message]).toEqual([201, undefined]);
    return r.body.data;
  }

  const status = (id: string, body: Record<string, unknown>, as = 'master') => api.put(`/api/registros/${id}/status`, body, as);

  /** A registro of client A in the given status, driven there through the allowed moves. */
  async function registroEm(s: RegistroStatus): Promise<any> {
    const r = await solicitar();
    const path: Record<RegistroStatus, RegistroStatus[]> = {
      pendente: [],
      andamento: ['andamento'],
      concluido: ['andamento', 'concluido'],
      cancelado: ['cancelado'],
      recusado: ['recusado'],
    };
    for (const step of path[s]) expect((await status(r._id, { status: step })).status).toBe(200);
    return r;
  }

  describe('services offered', () => {
    it('lists the catalogue with the default SLAs in business days', async () => {
      const r = await api.get('/api/registros/servicos', 'clienteA');
      expect(r.status).toBe(200);
      const byCode = Object.fromEntries(r.body.data.map((s: any) => [s.codigo, s]));
      expect(byCode['abertura-empresas']).toMatchObject({ nome: 'Abertura de Empresa', slaDiasUteis: 15, valor: null, origem: 'catalogo' });
      expect(byCode['alteracoes-contratuais'].slaDiasUteis).toBe(7);
      expect(byCode['certidao-simplificada'].slaDiasUteis).toBe(3);
      expect(byCode['certidao-inteiro-teor'].slaDiasUteis).toBe(5);
      expect(byCode['arquivamento-balancos'].slaDiasUteis).toBe(30);
    });

    it("prices services from the client's type, and adds the type's own services", async () => {
      const tipo = await api.post(
        '/api/tipos-cliente',
        { nome: `Tipo Registros ${kind}`, ativo: true, servicos: [{ nome: 'Abertura de Empresa', valor: 1500 }, { nome: 'Registro de Procuração', valor: 250.5 }] },
        'master',
      );
      expect(tipo.status).toBe(201);
      const put = await api.put(`/api/clientes/${clienteB._id}`, { tipoClienteId: tipo.body.data._id }, 'master');
      expect(put.status).toBe(200);

      const list = (await api.get('/api/registros/servicos', 'clienteB')).body.data;
      expect(list.find((s: any) => s.codigo === 'abertura-empresas')).toMatchObject({ valor: 1500, origem: 'tipoCliente', slaDiasUteis: 15 });
      const own = list.find((s: any) => s.nome === 'Registro de Procuração');
      expect(own).toMatchObject({ valor: 250.5, origem: 'tipoCliente', slaDiasUteis: 10 });
      // Staff see the same list for that client.
      const forStaff = (await api.get(`/api/registros/servicos?clienteId=${clienteB._id}`, 'associado')).body.data;
      expect(forStaff).toEqual(list);

      // The price is taken at request time, whatever the client sends.
      const byCode = await api.post('/api/registros', { servico: own.codigo, descricao: 'Procuração para a Junta' }, 'clienteB');
      expect(byCode.status).toBe(201);
      expect(byCode.body.data).toMatchObject({ tipo: 'Registro de Procuração', servico: null, valor: 250.5, slaDiasUteis: 10 });
      const byName = await api.post('/api/registros', { tipo: 'abertura de empresa', descricao: 'Abertura de filial' }, 'clienteB');
      expect(byName.body.data).toMatchObject({ tipo: 'Abertura de Empresa', servico: 'abertura-empresas', valor: 1500 });
      const forged = await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'x', valor: 1 }, 'clienteB');
      expect(forged.status).toBe(400);
    });
  });

  describe('Nova Solicitação', () => {
    it('creates a pendente registro with a protocol number, a due date in business days and its first history line', async () => {
      const r = await api.post('/api/registros', { servico: 'abertura-empresas', descricao: '  Abertura de LTDA com dois sócios  ' }, 'clienteA');
      expect(r.status).toBe(201);
      const d = r.body.data;
      expect(d.numero).toMatch(new RegExp(`^${today.slice(0, 4)}-\\d{6}$`));
      expect(d).toMatchObject({
        tipo: 'Abertura de Empresa',
        servico: 'abertura-empresas',
        status: 'pendente',
        statusLabel: 'Pendente',
        descricao: 'Abertura de LTDA com dois sócios',
        valor: null,
        clienteId: clienteA._id,
        clienteNome: 'Padaria Pão Quente Ltda',
        responsavelId: null,
        slaDiasUteis: 15,
        prazo: addBusinessDays(today, 15, sp()),
        prazoPausado: false,
        diasUteisRestantes: 15,
        vencido: false,
      });
      expect(d.historico).toEqual([
        expect.objectContaining({ evento: 'criacao', de: null, para: 'pendente', paraLabel: 'Pendente', autorTipo: 'cliente', autorNome: 'Padaria Pão Quente Ltda (Responsável)', nota: null }),
      ]);
    });

    it('refuses bad requests in pt-BR and stores nothing', async () => {
      const before = (await api.get('/api/registros/me', 'clienteA')).body.total;
      const cases: [Record<string, unknown>, string, number][] = [
        [{ servico: 'nao-existe', descricao: 'x' }, 'Serviço não disponível. Escolha um dos serviços listados.', 400],
        [{ descricao: 'x' }, 'Informe o serviço (servico ou tipo).', 400],
        [{ servico: 'consultoria' }, 'O campo Descrição é obrigatório', 400],
        [{ servico: 'consultoria', descricao: '   ' }, 'O campo Descrição é obrigatório', 400],
        [{ servico: 'consultoria', descricao: 'x'.repeat(4001) }, 'A descrição deve ter no máximo 4000 caracteres.', 400],
        [{ servico: 'consultoria', descricao: 'x', clienteId: clienteB._id }, 'O campo clienteId é informado apenas pela equipe.', 400],
        [{ servico: 'consultoria', descricao: 'x', status: 'concluido' }, 'O campo status não é permitido.', 400],
      ];
      for (const [body, message, code] of cases) {
        const r = await api.post('/api/registros', body, 'clienteA');
        expect([r.status, r.body.message]).toEqual([code, message]);
      }
      expect((await api.get('/api/registros/me', 'clienteA')).body.total).toBe(before);
    });

    it('lets staff request on behalf of a client (clienteId required), an associado assigning only itself', async () => {
      const noClient = await api.post('/api/registros', { servico: 'consultoria', descricao: 'x' }, 'diretoria');
      expect([noClient.status, noClient.body.message]).toEqual([400, 'Informe o cliente (clienteId).']);
      const ghost = await api.post('/api/registros', { servico: 'consultoria', descricao: 'x', clienteId: '00000000-0000-4000-8000-000000000000' }, 'diretoria');
      expect([ghost.status, ghost.body.message]).toEqual([404, 'Cliente não encontrado.']);

      const r = await api.post('/api/registros', { servico: 'consultoria', descricao: 'Planejamento', clienteId: clienteA._id, responsavelId: staff.associado._id }, 'diretoria');
      expect(r.status).toBe(201);
      expect(r.body.data).toMatchObject({ clienteId: clienteA._id, responsavelId: staff.associado._id, responsavelNome: 'Pessoa assoc.bruno' });
      expect(r.body.data.historico.map((h: any) => h.evento)).toEqual(['criacao', 'responsavel']);

      const other = await api.post('/api/registros', { servico: 'consultoria', descricao: 'x', clienteId: clienteA._id, responsavelId: staff.diretoria._id }, 'associado');
      expect(other.status).toBe(403);
      const self = await api.post('/api/registros', { servico: 'consultoria', descricao: 'x', clienteId: clienteA._id, responsavelId: staff.associado._id }, 'associado');
      expect(self.status).toBe(201);
    });

    it('lets staff enter a request that came by phone: Junta chosen, history says who opened it for whom, same numbering and stages', async () => {
      const before = (await api.get('/api/registros/me', 'clienteA')).body.total;
      const r = await api.post(
        '/api/registros',
        { servico: 'abertura-empresas', descricao: 'Pedido por telefone', clienteId: clienteA._id, juntaUf: ' rj ', responsavelId: staff.associado._id },
        'diretoria',
      );
      expect([r.status, r.body.message]).toEqual([201, undefined]);
      expect(r.body.data).toMatchObject({ clienteId: clienteA._id, juntaUf: 'RJ', status: 'pendente', responsavelId: staff.associado._id });
      expect(r.body.data.numero).toMatch(new RegExp(`^${today.slice(0, 4)}-\\d{6}$`));
      const criacao = r.body.data.historico[0];
      expect(criacao).toMatchObject({ evento: 'criacao', autorTipo: 'equipe', nota: `Aberto por ${staff.diretoria.nomeCompleto} em nome de Padaria Pão Quente Ltda.` });
      // The client sees it in its own list, with the line that says who entered it.
      expect((await api.get('/api/registros/me', 'clienteA')).body.total).toBe(before + 1);
      const mine = await api.get(`/api/registros/${r.body.data._id}`, 'clienteA');
      expect(mine.body.data.historico[0].nota).toBe(criacao.nota);

      const badUf = await api.post('/api/registros', { servico: 'consultoria', descricao: 'x', clienteId: clienteA._id, juntaUf: 'XX' }, 'diretoria');
      expect([badUf.status, badUf.body.message]).toEqual([400, 'UF inválida: use a sigla de um estado (por exemplo SP, RJ, MG) ou DF.']);
      const clientUf = await api.post('/api/registros', { servico: 'consultoria', descricao: 'x', juntaUf: 'RJ' }, 'clienteA');
      expect([clientUf.status, clientUf.body.message]).toEqual([400, 'A Junta Comercial é escolhida pela equipe.']);
      expect((await api.get('/api/registros/me', 'clienteA')).body.total).toBe(before + 1);
    });

    it('hands out distinct, consecutive protocol numbers to concurrent requests', async () => {
      const replies = await Promise.all(
        Array.from({ length: 16 }, (_, i) => api.post('/api/registros', { servico: 'consultoria', descricao: `Concorrente ${i}` }, i % 2 ? 'clienteA' : 'clienteB')),
      );
      expect(replies.map((r) => r.status)).toEqual(replies.map(() => 201));
      const seqs = replies.map((r) => Number(r.body.data.numero.split('-')[1])).sort((a, b) => a - b);
      expect(new Set(seqs).size).toBe(16);
      expect(seqs[15] - seqs[0]).toBe(15);
      const [{ n }] = await db.query('SELECT COUNT(*) AS n FROM registros');
      const [{ ultimo }] = await db.query('SELECT ultimo FROM registro_sequencias WHERE ano = ?', [Number(today.slice(0, 4))]);
      expect(Number(ultimo)).toBe(Number(n));
    });
  });

  describe('transitions', () => {
    const moves = REGISTRO_STATUSES.flatMap((from) => REGISTRO_STATUSES.map((to) => [from, to] as const));

    it.each(moves)('%s → %s as staff', async (from, to) => {
      const r = await registroEm(from);
      const reply = await status(r._id, { status: to, note: 'teste' });
      const allowed = REGISTRO_TRANSITIONS[from].includes(to);
      expect(reply.status).toBe(allowed ? 200 : 409);
      const now = (await api.get(`/api/registros/${r._id}`, 'master')).body.data;
      expect(now.status).toBe(allowed ? to : from);
      if (!allowed) expect(reply.body.message).toMatch(/Pendente|Em andamento|Concluído|Cancelado|Recusado/);
      if (allowed) expect(now.encerradoEm === null).toBe(['pendente', 'andamento'].includes(to));
    });

    it('refuses an unknown status with 400', async () => {
      const r = await solicitar();
      const reply = await status(r._id, { status: 'arquivado' });
      expect([reply.status, reply.body.message]).toEqual([400, 'Status inválido: use pendente, andamento, concluido, cancelado ou recusado.']);
    });

    it('lets a client cancel only its own pendente request', async () => {
      const r = await solicitar();
      expect((await status(r._id, { status: 'andamento' }, 'clienteA')).status).toBe(403);
      expect((await status(r._id, { status: 'cancelado' }, 'clienteB')).status).toBe(404);
      const ok = await status(r._id, { status: 'cancelado', note: 'Desisti do pedido.' }, 'clienteA');
      expect(ok.status).toBe(200);
      expect(ok.body.data.historico.at(-1)).toMatchObject({ evento: 'status', de: 'pendente', para: 'cancelado', autorTipo: 'cliente', nota: 'Desisti do pedido.' });

      const started = await registroEm('andamento');
      const late = await status(started._id, { status: 'cancelado' }, 'clienteA');
      expect([late.status, late.body.message]).toEqual([409, 'Você só pode cancelar uma solicitação que ainda está Pendente.']);
    });

    it('lets an associado change only the registros it is responsible for', async () => {
      const r = await solicitar();
      const refused = await status(r._id, { status: 'andamento' }, 'associado');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/Assuma o registro primeiro/);
      expect((await api.put(`/api/registros/${r._id}/responsavel`, { responsavelId: staff.associado._id }, 'associado')).status).toBe(200);
      expect((await status(r._id, { status: 'andamento' }, 'associado')).status).toBe(200);
    });
  });

  describe('assignment', () => {
    const assign = (id: string, responsavelId: string | null, as: string) => api.put(`/api/registros/${id}/responsavel`, { responsavelId }, as);

    it('board assigns anyone on the staff; an associado takes unassigned ones and leaves its own', async () => {
      const r = await solicitar();
      const toAssoc = await assign(r._id, staff.associado._id, 'diretoria');
      expect(toAssoc.body.data).toMatchObject({ responsavelId: staff.associado._id, responsavelNome: 'Pessoa assoc.bruno' });
      expect(toAssoc.body.data.historico.at(-1)).toMatchObject({ evento: 'responsavel', de: null, para: 'Pessoa assoc.bruno', autorNome: 'Pessoa dir.ana' });

      expect((await assign(r._id, null, 'associado')).status).toBe(200);
      expect((await assign(r._id, staff.diretoria._id, 'associado')).status).toBe(403);
      expect((await assign(r._id, staff.diretoria._id, 'master')).status).toBe(200);
      // Another's registro is out of the associado's sight altogether (issue 9): not found, not "taken".
      const taken = await assign(r._id, staff.associado._id, 'associado');
      expect([taken.status, taken.body.message]).toEqual([404, 'Registro não encontrado.']);
      expect((await assign(r._id, null, 'associado')).status).toBe(404);

      const ghost = await assign(r._id, '00000000-0000-4000-8000-000000000000', 'master');
      expect([ghost.status, ghost.body.message]).toEqual([400, 'Responsável não encontrado: informe um usuário da equipe.']);
      const bad = await api.put(`/api/registros/${r._id}/responsavel`, {}, 'master');
      expect(bad.status).toBe(400);
    });

    it('keeps a closed registro with its responsible', async () => {
      const r = await registroEm('concluido');
      const reply = await assign(r._id, staff.associado._id, 'master');
      expect([reply.status, reply.body.message]).toEqual([409, 'Um registro encerrado não muda de responsável.']);
    });
  });

  describe('history and notes', () => {
    it('shows the client its timeline without internal notes or assignments', async () => {
      const r = await solicitar();
      await api.put(`/api/registros/${r._id}/responsavel`, { responsavelId: staff.associado._id }, 'master');
      await status(r._id, { status: 'andamento', note: 'Cliente difícil, cuidado.' }, 'associado');
      await status(r._id, { status: 'pendente', note: 'Precisamos do contrato social assinado.', visivelCliente: true }, 'associado');

      const forClient = (await api.get(`/api/registros/${r._id}`, 'clienteA')).body.data.historico;
      expect(forClient.map((h: any) => [h.evento, h.para, h.nota])).toEqual([
        ['criacao', 'pendente', null],
        ['status', 'andamento', null],
        ['status', 'pendente', 'Precisamos do contrato social assinado.'],
      ]);
      expect(JSON.stringify(forClient)).not.toContain('Cliente difícil');
      expect(forClient.every((h: any) => !('notaVisivelCliente' in h))).toBe(true);

      const forStaff = (await api.get(`/api/registros/${r._id}`, 'associado')).body.data.historico;
      expect(forStaff.map((h: any) => [h.evento, h.nota, h.notaVisivelCliente ?? null])).toEqual([
        ['criacao', null, false],
        ['responsavel', null, false],
        ['status', 'Cliente difícil, cuidado.', false],
        ['status', 'Precisamos do contrato social assinado.', true],
      ]);
      expect(forStaff[2]).toMatchObject({ de: 'pendente', deLabel: 'Pendente', para: 'andamento', paraLabel: 'Em andamento', autorNome: 'Pessoa assoc.bruno' });
    });
  });

  describe('the deadline clock', () => {
    it('stops while waiting on the client and restarts with the business days that were left', async () => {
      const r = await registroEm('andamento');
      const due = addBusinessDays(today, 5, sp());
      await db.query('UPDATE registros SET prazo = ? WHERE id = ?', [due, r._id]);

      const paused = (await status(r._id, { status: 'pendente' })).body.data;
      expect(paused).toMatchObject({ status: 'pendente', prazo: null, prazoPausado: true, diasUteisRestantes: 5, vencido: false });

      const resumed = (await status(r._id, { status: 'andamento' })).body.data;
      expect(resumed).toMatchObject({ prazo: addBusinessDays(today, 5, sp()), prazoPausado: false, diasUteisRestantes: 5 });
    });

    it('keeps a late registro late across a stop', async () => {
      const r = await registroEm('andamento');
      const late = addBusinessDays(today, -2, sp());
      await db.query('UPDATE registros SET prazo = ? WHERE id = ?', [late, r._id]);
      expect((await api.get(`/api/registros/${r._id}`, 'master')).body.data).toMatchObject({ vencido: true, diasUteisRestantes: -2 });
      expect((await status(r._id, { status: 'pendente' })).body.data.diasUteisRestantes).toBe(-2);
      expect((await status(r._id, { status: 'andamento' })).body.data).toMatchObject({ prazo: addBusinessDays(today, -2, sp()), vencido: true });
    });

    it("skips the firm's own non-working days when it sets a due date", async () => {
      const folga = addBusinessDays(today, 2, sp());
      const created = await api.post('/api/calendario/feriados', { data: folga, nome: 'Aniversário da cidade' }, 'diretoria');
      expect(created.status).toBe(201);
      try {
        const r = await solicitar('clienteA', { servico: 'certidao-simplificada' });
        expect(r.prazo).toBe(addBusinessDays(today, 3, sp([folga])));
        expect(r.prazo).not.toBe(addBusinessDays(today, 3, sp()));
      } finally {
        expect((await api.del(`/api/calendario/feriados/${created.body.data._id}`, 'diretoria')).status).toBe(200);
      }
    });
  });

  describe('the firm calendar', () => {
    it('lists national holidays (Easter-based ones included) beside the firm days', async () => {
      const r = await api.get('/api/calendario/feriados?ano=2027', 'associado');
      expect(r.status).toBe(200);
      const byDate = Object.fromEntries(r.body.data.map((f: any) => [f.data, f]));
      expect(byDate['2027-02-08']).toEqual({ _id: null, data: '2027-02-08', nome: 'Carnaval (segunda-feira)', tipo: 'nacional' });
      expect(byDate['2027-02-09'].nome).toBe('Carnaval (terça-feira)');
      expect(byDate['2027-03-26'].nome).toBe('Sexta-feira Santa');
      expect(byDate['2027-05-27'].nome).toBe('Corpus Christi');
      expect(r.body.data).toHaveLength(13);
      expect((await api.get('/api/calendario/feriados?ano=20x7', 'associado')).status).toBe(400);
    });

    it('adds and removes firm days, refusing duplicates and national holidays', async () => {
      const add = await api.post('/api/calendario/feriados', { data: '2027-01-25', nome: 'Aniversário de São Paulo' }, 'master');
      expect(add.status).toBe(201);
      expect(add.body.data).toMatchObject({ data: '2027-01-25', tipo: 'escritorio' });
      const dup = await api.post('/api/calendario/feriados', { data: '2027-01-25', nome: 'De novo' }, 'master');
      expect([dup.status, dup.body.message]).toEqual([409, 'Já existe um dia não útil do escritório em 25/01/2027.']);
      const national = await api.post('/api/calendario/feriados', { data: '2027-12-25', nome: 'Natal' }, 'master');
      expect([national.status, national.body.message]).toEqual([409, '25/12/2027 já é feriado nacional (Natal).']);
      const bad = await api.post('/api/calendario/feriados', { data: '2027-02-30', nome: 'x' }, 'master');
      expect([bad.status, bad.body.message]).toEqual([400, 'Data inválida: use o formato AAAA-MM-DD.']);
      const list = (await api.get('/api/calendario/feriados?ano=2027', 'associado')).body.data;
      expect(list.find((f: any) => f.data === '2027-01-25')).toMatchObject({ nome: 'Aniversário de São Paulo', tipo: 'escritorio' });
      expect((await api.del(`/api/calendario/feriados/${add.body.data._id}`, 'master')).status).toBe(200);
      expect((await api.del(`/api/calendario/feriados/${add.body.data._id}`, 'master')).status).toBe(404);
    });
  });

  describe('reading', () => {
    it('answers §7 GET /api/registros/cliente/:id with { data } in the spec names', async () => {
      const r = await api.get(`/api/registros/cliente/${clienteA._id}`, 'associado');
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual(['data']);
      expect(r.body.data.length).toBeGreaterThan(0);
      for (const row of r.body.data) {
        expect(row).toEqual(expect.objectContaining({ _id: expect.any(String), numero: expect.any(String), data: expect.any(String), tipo: expect.any(String), status: expect.any(String) }));
        expect(row.clienteId).toBe(clienteA._id);
      }
      const dates = r.body.data.map((x: any) => x.data);
      expect(dates).toEqual([...dates].sort().reverse());
      expect((await api.get(`/api/registros/cliente/${clienteA._id}`, 'clienteA')).status).toBe(200);
      expect((await api.get('/api/registros/cliente/00000000-0000-4000-8000-000000000000', 'master')).status).toBe(404);
    });

    it("keeps a client away from another client's registros (404, nothing learned)", async () => {
      const mine = await solicitar('clienteB', { descricao: 'Só da oficina' });
      const asA = [
        await api.get(`/api/registros/${mine._id}`, 'clienteA'),
        await api.get(`/api/registros/cliente/${clienteB._id}`, 'clienteA'),
        await status(mine._id, { status: 'cancelado' }, 'clienteA'),
      ];
      expect(asA.map((r) => r.status)).toEqual([404, 404, 404]);
      expect(JSON.stringify(asA.map((r) => r.body))).not.toContain('oficina');
      const listA = await api.get('/api/registros/me?range=[0,199]', 'clienteA');
      expect(listA.body.data.every((x: any) => x.clienteId === clienteA._id)).toBe(true);
      expect((await api.get(`/api/registros/${mine._id}`, 'clienteB')).status).toBe(200);
    });

    it("lists the client's own with search, status filter and paging", async () => {
      const unico = await solicitar('clienteA', { servico: 'baixa-empresas', descricao: 'Baixa da filial de Campinas' });
      const byText = await api.get(`/api/registros/me?filter=${encodeURIComponent(JSON.stringify({ q: 'campinas' }))}`, 'clienteA');
      expect(byText.body.data.map((x: any) => x._id)).toEqual([unico._id]);
      const byNumero = await api.get(`/api/registros/me?filter=${encodeURIComponent(JSON.stringify({ q: unico.numero }))}`, 'clienteA');
      expect(byNumero.body.data.map((x: any) => x._id)).toEqual([unico._id]);
      const page = await api.get('/api/registros/me?range=[0,2]', 'clienteA');
      expect(page.body.data).toHaveLength(3);
      expect(page.headers.get('content-range')).toBe(`registros 0-2/${page.body.total}`);
      const cancelados = await api.get(`/api/registros/me?filter=${encodeURIComponent(JSON.stringify({ status: 'cancelado' }))}`, 'clienteA');
      expect(cancelados.body.data.length).toBeGreaterThan(0);
      expect(cancelados.body.data.every((x: any) => x.status === 'cancelado')).toBe(true);
    });

    it('filters, searches, sorts and pages the staff list in SQL', async () => {
      const f = (filter: Record<string, unknown>, extra = '') => api.get(`/api/registros?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, 'master');
      const all = await f({}, '&range=[0,4]');
      expect(all.status).toBe(200);
      expect(all.body.data).toHaveLength(5);
      expect(all.headers.get('content-range')).toBe(`registros 0-4/${all.body.total}`);

      const overdue = await registroEm('andamento');
      await db.query('UPDATE registros SET prazo = ? WHERE id = ?', [addCalendarDays(today, -40), overdue._id]);
      const vencidos = await f({ vencido: true }, '&range=[0,199]');
      expect(vencidos.body.data.map((x: any) => x._id)).toContain(overdue._id);
      expect(vencidos.body.data.every((x: any) => x.vencido)).toBe(true);

      const porCliente = await f({ clienteId: clienteB._id }, '&range=[0,199]');
      expect(porCliente.body.data.every((x: any) => x.clienteId === clienteB._id)).toBe(true);
      const byName = await f({ q: 'bom motor' }, '&range=[0,199]');
      expect(byName.body.total).toBe(porCliente.body.total);
      const cnpj = clienteB.cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4}).*$/, '$1.$2.$3/$4');
      expect((await f({ q: cnpj }, '&range=[0,199]')).body.total).toBe(porCliente.body.total);
      const byNumero = await f({ q: overdue.numero });
      expect(byNumero.body.data.map((x: any) => x._id)).toEqual([overdue._id]);

      const multi = await f({ status: ['cancelado', 'recusado'] }, '&range=[0,199]');
      expect(multi.body.data.every((x: any) => ['cancelado', 'recusado'].includes(x.status))).toBe(true);
      const semResp = await f({ responsavelId: null }, '&range=[0,199]');
      expect(semResp.body.data.every((x: any) => x.responsavelId === null)).toBe(true);
      const servico = await f({ servico: 'baixa-empresas' });
      expect(servico.body.data.every((x: any) => x.servico === 'baixa-empresas')).toBe(true);
      const soon = await f({ venceEmDiasUteis: 3 }, '&range=[0,199]&sort=["prazo","ASC"]');
      expect(soon.body.data[0]._id).toBe(overdue._id);
      expect(soon.body.data.every((x: any) => ['pendente', 'andamento'].includes(x.status) && x.prazo <= addBusinessDays(today, 3, sp()))).toBe(true);

      // A registro waiting on the client has no due date: it goes after the dated ones, both ways.
      const paused = await registroEm('pendente');
      await api.put(`/api/registros/${paused._id}/status`, { status: 'andamento' }, 'master');
      await api.put(`/api/registros/${paused._id}/status`, { status: 'pendente', note: 'Aguardando documentos' }, 'master');
      const abertos = (dir: string) => f({ aberto: true }, `&range=[0,199]&sort=["prazo","${dir}"]`);
      for (const dir of ['ASC', 'DESC']) {
        const list = (await abertos(dir)).body.data;
        const firstNull = list.findIndex((x: any) => x.prazo === null);
        expect(list.map((x: any) => x._id)).toContain(paused._id);
        expect(list.slice(firstNull).every((x: any) => x.prazo === null)).toBe(true);
        expect(firstNull).toBeGreaterThan(0);
      }

      expect((await f({ status: 'arquivado' })).status).toBe(400);
      expect((await api.get('/api/registros?sort=["descricao","ASC"]', 'master')).status).toBe(400);
    });

    it('sorts the staff list by the client and responsible names the panel shows, in SQL, both ways', async () => {
      const byName = (field: string, dir: string) => api.get(`/api/registros?range=[0,199]&sort=["${field}","${dir}"]`, 'master');
      const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
      for (const dir of ['ASC', 'DESC'] as const) {
        const names = (await byName('clienteNome', dir)).body.data.map((x: any) => x.clienteNome as string);
        expect(new Set(names).size).toBeGreaterThan(1);
        const sorted = [...names].sort(collator.compare);
        expect(names).toEqual(dir === 'ASC' ? sorted : sorted.reverse());
        const resp = await byName('responsavelNome', dir);
        expect(resp.status).toBe(200);
        const named = resp.body.data.map((x: any) => x.responsavelNome).filter((n: string | null) => n !== null);
        const sortedNamed = [...named].sort(collator.compare);
        expect(named).toEqual(dir === 'ASC' ? sortedNamed : sortedNamed.reverse());
      }
    });

    it('shows an associado its own registros and the unassigned ones only; the board sees all', async () => {
      const mine = await solicitar();
      await api.put(`/api/registros/${mine._id}/responsavel`, { responsavelId: staff.associado._id }, 'master');
      const others = await solicitar();
      await api.put(`/api/registros/${others._id}/responsavel`, { responsavelId: staff.diretoria._id }, 'master');

      const asAssoc = (await api.get('/api/registros?range=[0,199]', 'associado')).body.data;
      expect(asAssoc.every((x: any) => x.responsavelId === null || x.responsavelId === staff.associado._id)).toBe(true);
      expect(asAssoc.map((x: any) => x._id)).toContain(mine._id);
      expect(asAssoc.map((x: any) => x._id)).not.toContain(others._id);
      const meus = (await api.get(`/api/registros?filter=${encodeURIComponent('{"responsavelId":"me"}')}&range=[0,199]`, 'associado')).body.data;
      expect(meus.every((x: any) => x.responsavelId === staff.associado._id)).toBe(true);
      const asBoard = (await api.get(`/api/registros?filter=${encodeURIComponent(JSON.stringify({ id: [others._id] }))}`, 'diretoria')).body.data;
      expect(asBoard.map((x: any) => x._id)).toEqual([others._id]);
      // One record-access rule (issue 9): the detail and the client's list hide it too, internal notes and all.
      expect((await api.get(`/api/registros/${others._id}`, 'associado')).status).toBe(404);
      const byCliente = (await api.get(`/api/registros/cliente/${others.clienteId}`, 'associado')).body.data.map((x: any) => x._id);
      expect([byCliente.includes(mine._id), byCliente.includes(others._id)]).toEqual([true, false]);
    });
  });
});
