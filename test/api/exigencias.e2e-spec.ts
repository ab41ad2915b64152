import { addBusinessDays, addCalendarDays, todayInSaoPaulo } from '@veritas/common';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../backend/src/platform/database/migrations';
import { MailService } from '../../backend/src/mail/mail.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

/**
 * Exigências (issue 11): the 30 calendar days of IN DREI 81/2020 counted from the first notice of
 * the round and never restarted, expiry computed against today, the pause of the registro's own
 * deadline (and how it meets the waiting-on-client pause), the client's e-mail, what the client
 * sees, the alerts of the dashboard and Prazos, and IDOR. "Today" is the server's real day: every
 * date is written relative to it.
 */
describe.each(databaseKinds())('exigências on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let mail: MailService;
  let clienteA: any;
  let staff: any;
  const today = todayInSaoPaulo();
  const dia = (n: number) => addCalendarDays(today, n);

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: '0', SMTP_URL: sink.url, SITE_URL: 'https://www.exemplo.com.br' });
    staff = await api.withStaff();
    clienteA = await api.withCliente('clienteA', { razaoSocial: 'Padaria Pão Quente Ltda' });
    await api.withCliente('clienteB');
    mail = api.app.get(MailService);
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  const novo = async (as = 'clienteA') => {
    const r = await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Abertura de LTDA' }, as);
    expect(r.status).toBe(201);
    return r.body.data;
  };
  const registro = async (id: string, as = 'master') => (await api.get(`/api/registros/${id}`, as)).body.data;
  const abrir = (id: string, body: unknown, as = 'master') => api.post(`/api/registros/${id}/exigencias`, body, as);
  const cumprir = (id: string, eid: string, as = 'master') => api.put(`/api/registros/${id}/exigencias/${eid}`, { status: 'cumprida' }, as);

  it('counts 30 calendar days from the notice, pauses the registro and e-mails the client', async () => {
    sink.messages.length = 0;
    const r = await novo();
    const antes = await registro(r._id);
    expect(antes).toMatchObject({ emExigencia: false, exigenciaPrazo: null, prazoPausado: false });

    const e = await abrir(r._id, { descricao: 'Corrigir a cláusula do capital social <art. 5º>.', notificadaEm: dia(-3) });
    expect(e.status).toBe(201);
    expect(e.body.data).toMatchObject({
      registroId: r._id,
      notificadaEm: dia(-3),
      rodadaInicio: dia(-3),
      prazo: dia(27),
      status: 'aberta',
      diasRestantes: 27,
      cumpridaEm: null,
      criadoPorNome: expect.any(String),
    });

    const depois = await registro(r._id);
    expect(depois).toMatchObject({ emExigencia: true, exigenciaPrazo: dia(27), prazoPausado: true, prazo: null, status: 'pendente' });
    expect(depois.diasUteisRestantes).toBe(antes.diasUteisRestantes);

    // The client sees it, in its own registro and in the list.
    const mine = await api.get(`/api/registros/${r._id}/exigencias`, 'clienteA');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((x: any) => x._id)).toEqual([e.body.data._id]);
    expect((await api.get(`/api/registros/${r._id}`, 'clienteA')).body.data.emExigencia).toBe(true);

    await mail.flush();
    // Other notices (welcome, request received: issue 53) may come first: this one by its subject.
    const msg = await sink.waitForSubject(`Registro ${r.numero}: exigência da Junta Comercial`);
    expect(msg.to).toEqual([clienteA.email]);
    expect(msg.parsed.subject).toBe(`Registro ${r.numero}: exigência da Junta Comercial`);
    expect(msg.parsed.text).toContain('Corrigir a cláusula do capital social <art. 5º>.');
    expect(msg.parsed.text).toContain(`termina em ${dia(27).split('-').reverse().join('/')}`);
    expect(msg.parsed.html).toContain('&lt;art. 5º&gt;');
  });

  it('never restarts the clock: a second notice of the round keeps the first one\'s deadline; the registro resumes when the last is met', async () => {
    const r = await novo();
    const antes = await registro(r._id);
    const first = (await abrir(r._id, { descricao: 'Primeira exigência', notificadaEm: dia(-10) })).body.data;
    const second = (await abrir(r._id, { descricao: 'A Junta devolveu de novo', notificadaEm: dia(-1) })).body.data;
    expect(first.prazo).toBe(dia(20));
    expect(second).toMatchObject({ rodadaInicio: dia(-10), prazo: dia(20), diasRestantes: 20 });

    const met = await cumprir(r._id, first._id);
    expect(met.status).toBe(200);
    expect(met.body.data).toMatchObject({ status: 'cumprida', diasRestantes: null, cumpridaPorNome: expect.any(String) });
    expect(await registro(r._id)).toMatchObject({ emExigencia: true, prazoPausado: true, prazo: null });
    // Met twice: 409, and nothing changes.
    const again = await cumprir(r._id, first._id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Esta exigência já foi cumprida.');

    expect((await cumprir(r._id, second._id)).status).toBe(200);
    const resumed = await registro(r._id);
    expect(resumed).toMatchObject({ emExigencia: false, exigenciaPrazo: null, prazoPausado: false });
    expect(resumed.prazo).toBe(addBusinessDays(today, antes.diasUteisRestantes));
    const list = (await api.get(`/api/registros/${r._id}/exigencias`, 'master')).body.data;
    expect(list.map((x: any) => x.status)).toEqual(['cumprida', 'cumprida']);
    // The history records each step, and the client sees it with what was asked.
    const hist = (await registro(r._id, 'clienteA')).historico.filter((h: any) => h.evento === 'exigencia');
    expect(hist.map((h: any) => [h.deLabel, h.paraLabel, h.nota])).toEqual([
      [null, 'Aberta', 'Primeira exigência'],
      [null, 'Aberta', 'A Junta devolveu de novo'],
      ['Aberta', 'Cumprida', 'Primeira exigência'],
      ['Aberta', 'Cumprida', 'A Junta devolveu de novo'],
    ]);
  });

  it('computes expiry against today, and a notice after the round lapsed starts a new round', async () => {
    const r = await novo();
    const velha = (await abrir(r._id, { descricao: 'Exigência esquecida', notificadaEm: dia(-40) })).body.data;
    expect(velha).toMatchObject({ prazo: dia(-10), status: 'expirada', diasRestantes: -10 });
    const limite = (await abrir(r._id, { descricao: 'No último dia', notificadaEm: dia(-30) })).body.data;
    expect(limite).toMatchObject({ rodadaInicio: dia(-40), prazo: dia(-10), status: 'expirada' });
    const nova = (await abrir(r._id, { descricao: 'Nova rodada', notificadaEm: dia(-2) })).body.data;
    expect(nova).toMatchObject({ rodadaInicio: dia(-2), prazo: dia(28), status: 'aberta' });
    // The deadline on the last day itself is still open.
    const r2 = await novo();
    expect((await abrir(r2._id, { descricao: 'Vence hoje', notificadaEm: dia(-30) })).body.data).toMatchObject({ prazo: today, status: 'aberta', diasRestantes: 0 });
    // An expired one may still be met (late), and shows as met.
    expect((await cumprir(r._id, velha._id)).body.data.status).toBe('cumprida');
    expect((await registro(r._id)).exigenciaPrazo).toBe(dia(-10)); // `limite` is still open
  });

  it('refuses bad input with pt-BR messages and changes nothing', async () => {
    const r = await novo();
    const bad = async (body: unknown, status: number, text: string) => {
      const res = await abrir(r._id, body);
      expect(res.status).toBe(status);
      expect(JSON.stringify(res.body)).toContain(text);
    };
    await bad({ descricao: 'x', notificadaEm: dia(1) }, 400, 'não pode ser futura');
    await bad({ descricao: 'x', notificadaEm: '2026-02-30' }, 400, 'AAAA-MM-DD');
    await bad({ notificadaEm: dia(0) }, 400, 'Descrição é obrigatório');
    await bad({ descricao: '   ', notificadaEm: dia(0) }, 400, 'Descrição é obrigatório');
    await bad({ descricao: 'x'.repeat(2001), notificadaEm: dia(0) }, 400, 'no máximo 2000');
    expect((await api.get(`/api/registros/${r._id}/exigencias`, 'master')).body.data).toEqual([]);
    expect((await registro(r._id)).emExigencia).toBe(false);

    const e = (await abrir(r._id, { descricao: 'Ok', notificadaEm: dia(0) })).body.data;
    const wrong = await api.put(`/api/registros/${r._id}/exigencias/${e._id}`, { status: 'aberta' }, 'master');
    expect(wrong.status).toBe(400);
    expect((await api.put(`/api/registros/${r._id}/exigencias/00000000-0000-4000-8000-000000000000`, { status: 'cumprida' }, 'master')).status).toBe(404);

    // A closed registro gets no exigência.
    const closed = await novo();
    await api.put(`/api/registros/${closed._id}/status`, { status: 'cancelado' }, 'clienteA');
    const refused = await abrir(closed._id, { descricao: 'Tarde demais', notificadaEm: dia(0) });
    expect(refused.status).toBe(409);
  });

  it('shares the stopped clock with the waiting-on-client pause', async () => {
    // Exigência first, then waiting on the client: meeting it leaves the clock stopped until andamento.
    const r = await novo();
    await api.put(`/api/registros/${r._id}/status`, { status: 'andamento' }, 'master');
    const dias = (await registro(r._id)).diasUteisRestantes;
    const e = (await abrir(r._id, { descricao: 'Exigência', notificadaEm: dia(0) })).body.data;
    expect((await api.put(`/api/registros/${r._id}/status`, { status: 'pendente' }, 'master')).status).toBe(200);
    await cumprir(r._id, e._id);
    expect(await registro(r._id)).toMatchObject({ emExigencia: false, prazoPausado: true, prazo: null, diasUteisRestantes: dias });
    await api.put(`/api/registros/${r._id}/status`, { status: 'andamento' }, 'master');
    expect((await registro(r._id)).prazo).toBe(addBusinessDays(today, dias));

    // Waiting on the client, then an exigência: going back to andamento does not restart the clock.
    const s = await novo();
    await api.put(`/api/registros/${s._id}/status`, { status: 'andamento' }, 'master');
    await api.put(`/api/registros/${s._id}/status`, { status: 'pendente' }, 'master');
    const diasS = (await registro(s._id)).diasUteisRestantes;
    const es = (await abrir(s._id, { descricao: 'Exigência', notificadaEm: dia(0) })).body.data;
    await api.put(`/api/registros/${s._id}/status`, { status: 'andamento' }, 'master');
    expect(await registro(s._id)).toMatchObject({ status: 'andamento', emExigencia: true, prazoPausado: true, prazo: null, diasUteisRestantes: diasS });
    await cumprir(s._id, es._id);
    expect(await registro(s._id)).toMatchObject({ emExigencia: false, prazoPausado: false, prazo: addBusinessDays(today, diasS) });
  });

  it('keeps the clock stopped when a stage start moves the registro back to andamento during an exigência', async () => {
    let r = await novo();
    const etapa = (ordem: number) => r.etapas.find((e: any) => e.ordem === ordem);
    const mover = async (ordem: number, status: string) => {
      const res = await api.put(`/api/registros/${r._id}/etapas/${etapa(ordem)._id}`, { status }, 'master');
      expect([res.status, res.body?.message]).toEqual([200, undefined]);
      r = res.body.data;
    };
    r = await registro(r._id);
    await mover(1, 'andamento');
    await mover(1, 'concluida');
    await api.put(`/api/registros/${r._id}/status`, { status: 'pendente' }, 'master');
    const dias = (await registro(r._id)).diasUteisRestantes;
    const e = (await abrir(r._id, { descricao: 'Exigência', notificadaEm: dia(0) })).body.data;
    r = await registro(r._id);
    await mover(2, 'andamento');
    expect(r).toMatchObject({ status: 'andamento', emExigencia: true, prazoPausado: true, prazo: null, diasUteisRestantes: dias });
    await cumprir(r._id, e._id);
    const resumed = await registro(r._id);
    expect(resumed).toMatchObject({ emExigencia: false, prazoPausado: false });
    expect(resumed.prazo).toEqual(expect.any(String));
  });

  it('shows exigências within 5 days of expiry in the dashboard and in Prazos', async () => {
    const r = await novo();
    const perto = (await abrir(r._id, { descricao: 'Quase vencendo', notificadaEm: dia(-27) })).body.data;
    const longe = await novo();
    await abrir(longe._id, { descricao: 'Longe', notificadaEm: dia(0) });

    const dash = (await api.get('/api/dashboard', 'master')).body.data.exigencias;
    expect(dash.abertas).toBeGreaterThanOrEqual(2);
    expect(dash.vencendo).toBeGreaterThanOrEqual(1);
    const row = dash.proximas.find((x: any) => x._id === perto._id);
    expect(row).toMatchObject({ registroId: r._id, registroNumero: r.numero, clienteNome: 'Padaria Pão Quente Ltda', prazo: dia(3), diasRestantes: 3, expirada: false });
    expect(dash.proximas.some((x: any) => x.registroId === longe._id)).toBe(false);
    expect(dash.proximas.map((x: any) => x.prazo)).toEqual([...dash.proximas.map((x: any) => x.prazo)].sort());
    // An associado's dashboard counts its own work only: none of these is its.
    expect((await api.get('/api/dashboard', 'associado')).body.data.exigencias).toMatchObject({ abertas: 0, vencendo: 0, proximas: [] });

    const f = (filter: Record<string, unknown>) => api.get(`/api/registros?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,199]`, 'master');
    const soon = (await f({ venceEmDiasUteis: 3 })).body.data.map((x: any) => x._id);
    expect(soon).toContain(r._id);
    expect(soon).not.toContain(longe._id);
    const em = (await f({ emExigencia: true })).body.data;
    expect(em.map((x: any) => x._id)).toEqual(expect.arrayContaining([r._id, longe._id]));
    expect(em.every((x: any) => x.emExigencia)).toBe(true);
  });

  it('keeps another client\'s exigências out of reach (404) and only workers write them', async () => {
    const r = await novo();
    const e = (await abrir(r._id, { descricao: 'Exigência', notificadaEm: dia(0) })).body.data;
    expect((await api.get(`/api/registros/${r._id}/exigencias`, 'clienteB')).status).toBe(404);
    expect((await abrir(r._id, { descricao: 'x', notificadaEm: dia(0) }, 'clienteA')).status).toBe(403);
    expect((await cumprir(r._id, e._id, 'clienteA')).status).toBe(403);
    // An exigência id under another registro is not found.
    const other = await novo();
    expect((await cumprir(other._id, e._id)).status).toBe(404);
    // An associado reaches only its own and the unassigned registros.
    const dir = staff.diretoria;
    expect((await api.put(`/api/registros/${r._id}/responsavel`, { responsavelId: dir._id ?? dir.id }, 'master')).status).toBe(200);
    expect((await api.get(`/api/registros/${r._id}/exigencias`, 'associado')).status).toBe(404);
    expect((await cumprir(r._id, e._id, 'associado')).status).toBe(404);
    expect((await cumprir(r._id, e._id, 'diretoria')).status).toBe(200);
  });

  it('migrates a database that already holds registros, documents and history, down and up again', async () => {
    const r = await novo();
    await abrir(r._id, { descricao: 'Antes da migração', notificadaEm: dia(0) });
    const ds = api.app.get(DataSource);
    const count = async (t: string) => Number((await ds.query(`SELECT COUNT(*) AS n FROM ${t}`))[0].n);
    const [registros, historico] = [await count('registros'), await count('registro_historico')];
    // Back to before the exigências migration (and the later ones), then forward again.
    const later = MIGRATIONS.length - MIGRATIONS.findIndex((m) => m.name.startsWith('ExigenciasChecklist'));
    for (let i = 0; i < later; i++) await ds.undoLastMigration({ transaction: 'each' });
    expect(await count('registros')).toBe(registros);
    await ds.runMigrations({ transaction: 'each' });
    expect([await count('registros'), await count('registro_historico')]).toEqual([registros, historico]);
    // The exigências went with the table; the registro is whole and works.
    expect((await api.get(`/api/registros/${r._id}`, 'clienteA')).body.data).toMatchObject({ numero: r.numero, emExigencia: false });
    expect((await abrir(r._id, { descricao: 'Depois', notificadaEm: dia(0) })).status).toBe(201);
    expect((await api.get('/api/processos/checklists/abertura-empresas', 'master')).body.data.itens.length).toBeGreaterThan(0);
  });
});
