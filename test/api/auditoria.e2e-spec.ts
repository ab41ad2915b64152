import { DataSource } from 'typeorm';
import { todayInSaoPaulo } from '@veritas/common';
import { AuditoriaService } from '../../backend/src/auditoria/auditoria.service';
import { MASTER_PASSWORD, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const q = (filter: Record<string, unknown>, extra = '') => `/api/auditoria?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

describe.each(databaseKinds())('audit trail on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;
  let staff: Record<'master' | 'diretoria' | 'associado', any>;
  let cliente: any;

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withStaff();
    cliente = await api.withCliente('cliente', { razaoSocial: 'Auditada Comércio Ltda' });
    db = api.app.get(DataSource);
  });
  afterAll(() => api.stop());

  /** The entries matching `filter`, newest first. */
  async function entries(filter: Record<string, unknown>): Promise<any[]> {
    const r = await api.get(q(filter, '&range=[0,199]'), 'master');
    expect(r.status).toBe(200);
    return r.body.data;
  }
  const count = async () => Number((await db.query('SELECT COUNT(*) AS n FROM auditoria'))[0].n);
  /** Rows read with SELECT * put back as they were (the attacks below are undone between tests). */
  async function reinsert(rows: Record<string, unknown>[]): Promise<void> {
    for (const row of rows) {
      const cols = Object.keys(row);
      await db.query(`INSERT INTO auditoria (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, cols.map((c) => row[c]));
    }
  }
  const verificar = async () => {
    const r = await api.get('/api/auditoria/verificar', 'master');
    expect(r.status).toBe(200);
    return r.body.data;
  };

  it('records sign-ins, successful and failed, with the address and the account tried', async () => {
    const ok = await api.post('/api/auth/login', { email: 'master@veritas.com.br', password: MASTER_PASSWORD });
    expect(ok.status).toBe(200);
    const bad = await api.post('/api/auth/login', { email: 'master@veritas.com.br', password: 'errada!123A' });
    expect(bad.status).toBe(401);
    const [falha] = await entries({ acao: 'login.falha' });
    expect(falha).toMatchObject({ atorTipo: 'user', atorId: staff.master._id, atorEmail: 'master@veritas.com.br', ip: expect.stringContaining('127.0.0.1'), entidade: 'sessao' });
    expect(falha.diff.motivo).toEqual([null, 'senha incorreta']);
    expect(falha.requestId).toBeTruthy();
    const [entrada] = await entries({ acao: 'login.ok', atorId: staff.master._id });
    expect(entrada).toMatchObject({ atorTipo: 'user', atorNome: 'Administrador Master' });
    // A client's sign-in too.
    // Issue 54: named as its member (the company's Responsável, named after the company when registered without a person).
    expect((await entries({ acao: 'login.ok', atorId: cliente._id }))[0]).toMatchObject({ atorTipo: 'cliente', atorNome: 'Auditada Comércio Ltda (Responsável)' });
  });

  it("records a user's permission change and a password change without the hash", async () => {
    const r = await api.put(`/api/users/${staff.associado._id}`, { permissions: ['Associados', 'Financeiro'] }, 'master');
    expect(r.status).toBe(200);
    const [e] = await entries({ entidade: 'users', entidadeId: staff.associado._id, acao: 'usuario.update' });
    expect(e.diff.permissions).toEqual([['Associados'], ['Associados', 'Financeiro']]);
    expect(e).toMatchObject({ atorId: staff.master._id, atorTipo: 'user' });
    expect((await api.put(`/api/users/${staff.associado._id}`, { password: 'Outra!Senha9' }, 'master')).status).toBe(200);
    const [pw] = await entries({ entidade: 'users', entidadeId: staff.associado._id, acao: 'usuario.update' });
    expect(pw.diff.passwordHash).toEqual(['[oculto]', '[oculto]']);
    const hash = (await db.query('SELECT passwordHash FROM users WHERE id = ?', [staff.associado._id]))[0].passwordHash;
    expect(JSON.stringify(await entries({ entidade: 'users' }))).not.toContain(hash);
    await api.loginStaff('associado', staff.associado.email, 'Outra!Senha9');
  });

  it("records a client's update field by field, before and after, never the password hash", async () => {
    const r = await api.put(`/api/clientes/${cliente._id}`, { nomeFantasia: 'Nova Fachada', cidade: 'Campinas', password: 'Trocada!2026' }, 'master');
    expect(r.status).toBe(200);
    const [e] = await entries({ entidade: 'clientes', entidadeId: cliente._id, acao: 'cliente.update' });
    expect(e.diff.nomeFantasia).toEqual([cliente.nomeFantasia, 'Nova Fachada']);
    expect(e.diff.cidade).toEqual(['São Paulo', 'Campinas']);
    // The login lives in the company's Responsável (ADR 0058): its new password is an entry of its own, hidden.
    const [pw] = await entries({ entidade: 'clientes', entidadeId: cliente._id, acao: 'cliente.membro.senha' });
    expect(pw.diff.passwordHash).toEqual(['[oculto]', '[oculto]']);
    const hash = (await db.query('SELECT passwordHash FROM cliente_membros WHERE clienteId = ?', [cliente._id]))[0].passwordHash;
    expect(hash).toMatch(/^\$argon2/);
    const all = JSON.stringify(await entries({ entidade: 'clientes' }));
    expect(all).not.toContain(hash);
    expect(all).not.toContain('Trocada!2026');
    await api.loginCliente('cliente', cliente.email, 'Trocada!2026');
  });

  it("records a client type's price change as the list before and after", async () => {
    const t = await api.post('/api/tipos-cliente', { nome: 'Tipo Auditado', servicos: [{ nome: 'Abertura', valor: 100 }] }, 'diretoria');
    expect(t.status).toBe(201);
    expect((await api.put(`/api/tipos-cliente/${t.body.data._id}`, { servicos: [{ nome: 'Abertura', valor: 150.5 }] }, 'diretoria')).status).toBe(200);
    const [e] = await entries({ entidade: 'tipos_cliente', entidadeId: t.body.data._id, acao: 'tipo_cliente.servicos' });
    expect(e.diff.servicos).toEqual([['Abertura: 100.00'], ['Abertura: 150.50']]);
    expect(e.atorId).toBe(staff.diretoria._id);
  });

  it("records a registro's status and assignment on the registro's own trail", async () => {
    const reg = (await api.post('/api/registros', { servico: 'consultoria', descricao: 'Planejamento' }, 'cliente')).body.data;
    expect((await api.put(`/api/registros/${reg._id}/responsavel`, { responsavelId: staff.diretoria._id }, 'master')).status).toBe(200);
    expect((await api.put(`/api/registros/${reg._id}/status`, { status: 'andamento' }, 'master')).status).toBe(200);
    const trail = await entries({ entidade: 'registros', entidadeId: reg._id });
    const acoes = trail.map((e) => e.acao);
    expect(acoes).toEqual(expect.arrayContaining(['registro.create', 'registro.criacao', 'registro.responsavel', 'registro.status']));
    expect(trail.find((e) => e.acao === 'registro.status').diff.status).toEqual(['pendente', 'andamento']);
    // Newest first, in the chain's order.
    expect(trail.map((e) => e.seq)).toEqual([...trail.map((e) => e.seq)].sort((a, b) => b - a));
  });

  it("records a document's upload, the client's first download (once) and its deletion", async () => {
    const form = new FormData();
    form.append('clienteId', cliente._id);
    form.append('arquivo', new Blob([Buffer.from('%PDF-1.4\n%audit\n')]), 'contrato.pdf');
    const up = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token.master}` }, body: form });
    expect(up.status).toBe(201);
    const doc = ((await up.json()) as any).data;
    for (let i = 0; i < 2; i++) {
      const d = await fetch(`${api.baseUrl}/api/documentos/${doc._id}/download`, { headers: { authorization: `Bearer ${api.token.cliente}` } });
      expect(d.status).toBe(200);
      await d.arrayBuffer();
    }
    expect((await api.del(`/api/documentos/${doc._id}`, 'master')).status).toBe(200);
    const trail = await entries({ entidade: 'documentos', entidadeId: doc._id });
    expect(trail.map((e) => e.acao)).toEqual(['documento.delete', 'documento.download', 'documento.create']);
    expect(trail[1]).toMatchObject({ atorTipo: 'cliente', atorId: cliente._id });
    expect(trail[2].diff.nomeArquivo).toEqual([null, 'contrato.pdf']);
    expect(trail[0].diff.titulo[1]).toBeNull();
  });

  it('records a payment: the payment and the charge turning paid', async () => {
    const c = await api.post('/api/cobrancas', { clienteId: cliente._id, linhas: [{ descricao: 'Honorários', tipo: 'honorario', valor: 80 }] }, 'diretoria');
    expect(c.status).toBe(201);
    expect((await api.post(`/api/cobrancas/${c.body.data._id}/pagamentos`, { valor: 80, forma: 'pix' }, 'diretoria')).status).toBe(201);
    const trail = await entries({ entidade: 'cobrancas', entidadeId: c.body.data._id });
    expect(trail.find((e) => e.acao === 'cobranca.pagamento.create').diff.valorCentavos).toEqual([null, 8000]);
    expect(trail.find((e) => e.acao === 'cobranca.update').diff.status).toEqual(['aberta', 'paga']);
  });

  it("shows a client's documents and charges on its trail, and a registro's documents and exigências on the registro's", async () => {
    const outro = await api.withCliente('outro', { razaoSocial: 'Outra Empresa Ltda' });
    const reg = (await api.post('/api/registros', { servico: 'consultoria', descricao: 'Contexto' }, 'cliente')).body.data;
    const form = new FormData();
    form.append('clienteId', cliente._id);
    form.append('registroId', reg._id);
    form.append('arquivo', new Blob([Buffer.from('%PDF-1.4\n%contexto\n')]), 'procuracao.pdf');
    const up = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token.master}` }, body: form });
    expect(up.status).toBe(201);
    const doc = ((await up.json()) as any).data;
    const ex = await api.post(`/api/registros/${reg._id}/exigencias`, { descricao: 'Falta a procuração', notificadaEm: todayInSaoPaulo() }, 'master');
    expect(ex.status).toBe(201);
    const c = (await api.post('/api/cobrancas', { clienteId: cliente._id, linhas: [{ descricao: 'Taxa da Junta', tipo: 'taxa', valor: 30 }] }, 'diretoria')).body.data;
    expect((await api.post(`/api/cobrancas/${c._id}/pagamentos`, { valor: 30, forma: 'pix' }, 'diretoria')).status).toBe(201);
    const outraCobranca = (await api.post('/api/cobrancas', { clienteId: outro._id, linhas: [{ descricao: 'Alheia', tipo: 'taxa', valor: 5 }] }, 'diretoria')).body.data;

    const doCliente = await entries({ clienteId: cliente._id });
    const chaves = doCliente.map((e) => `${e.entidade}:${e.entidadeId}:${e.acao}`);
    expect(chaves).toEqual(expect.arrayContaining([
      `clientes:${cliente._id}:cliente.update`,
      `documentos:${doc._id}:documento.create`,
      `cobrancas:${c._id}:cobranca.create`,
      `cobrancas:${c._id}:cobranca.pagamento.create`,
      `cobrancas:${c._id}:cobranca.update`,
    ]));
    expect(chaves.join()).not.toContain(outraCobranca._id);
    expect(doCliente.every((e) => e.clienteId === cliente._id)).toBe(true);

    const doRegistro = await entries({ registroId: reg._id });
    expect(doRegistro.map((e) => e.acao)).toEqual(expect.arrayContaining(['registro.create', 'documento.create', 'registro.exigencia.create']));
    expect(doRegistro.find((e) => e.acao === 'documento.create')).toMatchObject({ entidade: 'documentos', entidadeId: doc._id, registroId: reg._id });
    expect(doRegistro.some((e) => e.entidade === 'cobrancas')).toBe(false);
    // The context columns are hashed when set: the chain still verifies.
    expect((await api.get('/api/auditoria/verificar', 'master')).body.data.ok).toBe(true);
  });

  it("records a contact message (the visitor's data left out) and the staff handling it; a staff e-mail sent and deleted", async () => {
    const body = { nome: 'Visitante Auditado', email: 'visitante.auditado@exemplo.com.br', telefone: '(11) 98888-7777', empresa: null, assunto: 'Abertura de Empresas', mensagem: 'Texto do visitante auditado.', aceiteTermos: true, website: '' };
    expect((await api.post('/api/contato', body)).status).toBe(201);
    const [recebida] = await entries({ acao: 'contato.create' });
    expect(recebida).toMatchObject({ atorTipo: 'sistema', entidade: 'contato_mensagens', ip: expect.stringContaining('127.0.0.1') });
    expect(recebida.diff.assunto).toEqual([null, 'Abertura de Empresas']);
    expect(JSON.stringify(recebida)).not.toMatch(/Visitante Auditado|visitante\.auditado|Texto do visitante|98888/);
    expect((await api.put(`/api/contato/${recebida.entidadeId}`, { tratada: true }, 'diretoria')).status).toBe(200);
    const [tratada] = await entries({ acao: 'contato.update', entidadeId: recebida.entidadeId });
    expect(tratada).toMatchObject({ atorId: staff.diretoria._id });
    expect(tratada.diff.tratada).toEqual([false, true]);

    const sent = await api.post('/api/emails/send', { to: staff.diretoria.email, subject: 'Assunto auditado', body: '<p>Olá</p>' }, 'master');
    expect(sent.status).toBe(201);
    const [envio] = await entries({ acao: 'email.envio' });
    expect(envio).toMatchObject({ atorId: staff.master._id, entidade: 'emails', entidadeId: sent.body.data._id });
    expect(envio.diff.assunto).toEqual([null, 'Assunto auditado']);
    expect(envio.diff.para).toEqual([null, staff.diretoria.email]);
    expect((await api.del(`/api/emails/${sent.body.data._id}`, 'master')).body.data.result).toBe('trash');
    expect((await api.del(`/api/emails/${sent.body.data._id}`, 'master')).body.data.result).toBe('deleted');
    const apagado = await entries({ entidade: 'emails', entidadeId: sent.body.data._id });
    expect(apagado.map((e) => e.acao)).toEqual(['email.exclusao', 'email.lixeira', 'email.envio']);
    expect(apagado[1].diff.pasta).toEqual(['sent', 'trash']);
  });

  it('records a settings change (a firm holiday added and removed)', async () => {
    const f = await api.post('/api/calendario/feriados', { data: '2031-03-19', nome: 'Dia do Padroeiro' }, 'diretoria');
    expect(f.status).toBe(201);
    expect((await api.del(`/api/calendario/feriados/${f.body.data._id}`, 'diretoria')).status).toBe(200);
    const trail = await entries({ entidade: 'feriados', entidadeId: f.body.data._id });
    expect(trail.map((e) => e.acao)).toEqual(['config.feriado.delete', 'config.feriado.create']);
    expect(trail[1].diff.nome).toEqual([null, 'Dia do Padroeiro']);
  });

  it('writes nothing when the change fails (409, 422, 400)', async () => {
    const before = await count();
    const dup = await api.post('/api/tipos-cliente', { nome: 'TIPO AUDITADO' }, 'master');
    expect(dup.status).toBe(409);
    const c = await api.post('/api/cobrancas', { clienteId: cliente._id, linhas: [{ descricao: 'Taxa', tipo: 'taxa', valor: 10 }] }, 'diretoria');
    const afterCharge = await count();
    expect(afterCharge).toBeGreaterThan(before);
    const demais = await api.post(`/api/cobrancas/${c.body.data._id}/pagamentos`, { valor: 11, forma: 'pix' }, 'diretoria');
    expect(demais.status).toBe(422);
    expect((await api.put(`/api/clientes/${cliente._id}`, { email: 'nao-e-email' }, 'master')).status).toBe(400);
    expect(await count()).toBe(afterCharge);
  });

  it('rolls the entry back with the change when the transaction fails after the write', async () => {
    const before = await count();
    await expect(
      db.transaction(async (m) => {
        await m.query('UPDATE clientes SET cidade = ? WHERE id = ?', ['Santos', cliente._id]);
        const { appendAudit } = await import('../../backend/src/auditoria/audit-log');
        await appendAudit(m, { acao: 'cliente.update', entidade: 'clientes', entidadeId: cliente._id, diff: { cidade: ['Campinas', 'Santos'] } });
        throw new Error('falha depois da escrita');
      }),
    ).rejects.toThrow('falha depois da escrita');
    expect(await count()).toBe(before);
    expect((await api.get('/api/auditoria/verificar', 'master')).body.data.ok).toBe(true);
  });

  it('lists with the react-admin contract and exports CSV; the board reads, only the master verifies', async () => {
    const page = await api.get(q({ acao: 'login' }, '&range=[0,1]&sort=["em","DESC"]'), 'diretoria');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-range')).toMatch(/^auditoria 0-1\/\d+$/);
    expect(page.body.data.every((e: any) => e.acao.startsWith('login.'))).toBe(true);
    expect((await api.get(q({ nada: 1 }), 'master')).status).toBe(400);
    expect((await api.get(q({ de: '2026-13-01' }), 'master')).body.message).toBe('Filtro de inválido: use uma data AAAA-MM-DD.');
    const futuro = await api.get(q({ de: '2099-01-01' }), 'master');
    expect(futuro.body.total).toBe(0);
    const csv = await fetch(`${api.baseUrl}/api/auditoria/exportar?filter=${encodeURIComponent(JSON.stringify({ entidade: 'feriados' }))}`, { headers: { authorization: `Bearer ${api.token.diretoria}` } });
    expect(csv.status).toBe(200);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.split('\r\n')[0]).toBe('\uFEFFSeq;Quando;Quem;Tipo;E-mail;IP;Ação;Entidade;ID;Alteração;Requisição');
    expect(text).toContain('nome: — → Dia do Padroeiro');
    expect((await api.get('/api/auditoria', 'associado')).status).toBe(403);
    expect((await api.get('/api/auditoria/verificar', 'diretoria')).status).toBe(403);
    expect((await api.del(`/api/auditoria/${page.body.data[0]._id}`, 'master')).status).toBe(404);
  });

  it('records the start and end of a simulation', async () => {
    expect((await api.post('/api/auditoria/simulacao', { tipo: 'associado' }, 'master')).status).toBe(200);
    expect((await api.post('/api/auditoria/simulacao', { tipo: null }, 'master')).status).toBe(200);
    expect((await api.post('/api/auditoria/simulacao', { tipo: 'chefe' }, 'master')).status).toBe(400);
    const [fim, inicio] = await entries({ acao: 'simulacao' });
    expect([fim.acao, inicio.acao, inicio.diff.tipo]).toEqual(['simulacao.fim', 'simulacao.inicio', [null, 'associado']]);
  });

  it('verifies the chain, and names the entry edited directly in the database', async () => {
    const ok = await api.get('/api/auditoria/verificar', 'master');
    expect(ok.body.data).toMatchObject({ ok: true, checked: await count(), firstBroken: null });
    const [alvo] = await db.query("SELECT id, seq, acao FROM auditoria WHERE acao = 'cliente.update' ORDER BY seq LIMIT 1");
    await db.query("UPDATE auditoria SET acao = 'cliente.create' WHERE id = ?", [alvo.id]);
    const broken = await api.get('/api/auditoria/verificar', 'master');
    expect(broken.body.data).toMatchObject({
      ok: false,
      firstBroken: { id: alvo.id, seq: Number(alvo.seq), tipo: 'conteudo', reason: 'O conteúdo da entrada não confere com o seu código de autenticação (entrada reescrita).' },
    });
    expect(broken.body.data.checked).toBe(Number(alvo.seq) - 1 - (Number((await db.query('SELECT MIN(seq) AS s FROM auditoria'))[0].s) - 1));
    await db.query('UPDATE auditoria SET acao = ? WHERE id = ?', [alvo.acao, alvo.id]);
    // Removing an entry from the middle breaks the link of the next one.
    const [meio] = await db.query('SELECT seq FROM auditoria ORDER BY seq DESC LIMIT 1 OFFSET 3');
    const [saved] = await db.query('SELECT * FROM auditoria WHERE seq = ?', [meio.seq]);
    await db.query('DELETE FROM auditoria WHERE seq = ?', [meio.seq]);
    const gap = await api.get('/api/auditoria/verificar', 'master');
    expect(gap.body.data.firstBroken).toMatchObject({ seq: Number(meio.seq) + 1, tipo: 'lacuna' });
    const cols = Object.keys(saved);
    await db.query(`INSERT INTO auditoria (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, cols.map((c) => saved[c]));
    expect((await api.get('/api/auditoria/verificar', 'master')).body.data.ok).toBe(true);
  });

  it('the retention job removes old entries, records it, and the chain still verifies', async () => {
    const svc = api.app.get(AuditoriaService);
    const [{ s: oldest }] = await db.query('SELECT MIN(seq) AS s FROM auditoria');
    // Age the five oldest entries beyond the retention (5 years by default); the hashes cover em, so verify from the rest.
    const aged = new Date(Date.now() - 1830 * 86_400_000);
    await db.query('UPDATE auditoria SET em = ? WHERE seq < ?', [kind === 'mysql' ? aged : aged.toISOString().replace('T', ' ').replace('Z', ''), Number(oldest) + 5]);
    const before = await count();
    expect(await svc.runOnce()).toBe(5);
    expect(await count()).toBe(before - 5 + 1);
    const [expurgo] = await entries({ acao: 'auditoria.expurgo' });
    expect(expurgo).toMatchObject({ atorTipo: 'sistema', diff: { removidas: [null, 5], primeiraMantida: [null, Number(oldest) + 5] } });
    const v = await api.get('/api/auditoria/verificar', 'master');
    expect(v.body.data).toMatchObject({ ok: true, checked: before - 5 + 1, firstBroken: null });
    // Pruned by the job, the start is held to what the job recorded: removing one more from the start is a break.
    const [first] = await db.query('SELECT * FROM auditoria ORDER BY seq LIMIT 1');
    await db.query('DELETE FROM auditoria WHERE id = ?', [first.id]);
    expect((await api.get('/api/auditoria/verificar', 'master')).body.data.firstBroken).toMatchObject({ seq: Number(first.seq) + 1, tipo: 'inicio' });
    await reinsert([first]);
    expect((await api.get('/api/auditoria/verificar', 'master')).body.data.ok).toBe(true);
    expect(await svc.runOnce()).toBe(0);
  });
});
