import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ACCESS, Action, AccessGroup } from '@veritas/common';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { databaseKinds } from '../support/db';
import { clienteFixture, MASTER_PASSWORD, TestApi } from '../support/api';
import { NARROWED_INSIDE, renderPermissionsDoc } from '../support/permissions-doc';
import { listRoutes } from '../support/routes';
import { FakeProviders, startFakeProviders } from '../support/fake-providers';
import { SmtpSink } from '../support/smtp-sink';
import { MATRIX, MatrixRow, WHO, Who } from './access-matrix';
import { makeFixtures, type RealCall, type RealCtx } from './access-matrix-fixtures';
import { REAL } from './access-matrix-real';
import { REFUSED_ADDRESS } from './access-matrix-real-more';

const GROUP_OF: Record<Exclude<Who, 'anonymous'>, AccessGroup> = {
  clienteA: 'cliente',
  clienteB: 'cliente',
  associado: 'associado',
  financeiro: 'financeiro',
  suporte: 'suporte',
  diretoria: 'diretoria',
  master: 'master',
};

const DOC_PATH = path.join(__dirname, '../../docs/permissions.md');

/**
 * The routes that take an input but cannot be called with a real record, each with the reason
 * (none: every one has an entry in REAL). A new route belongs in REAL, not here.
 */
const NOT_REAL: Record<string, string> = {};

describe.each(databaseKinds())('authorisation on %s', (kind) => {
  let api: TestApi;
  const ids: Record<string, string> = {};
  /** Each caller's e-mail and password, to sign in afresh around a cell that ends the session. */
  const credentials: Record<string, { email: string; password: string }> = {};
  let sink: SmtpSink;
  let fake: FakeProviders;
  /** Where the backups go: a file, so every backup fails (the failed runs Tarefas retries and discards). */
  let backupDir: string;
  /** Existing records for the cells that call with real ids and valid bodies (access-matrix-real.ts). */
  let real: RealCtx;

  beforeAll(async () => {
    // The cells post many contact messages, lookups and password-reset requests from 127.0.0.1 (real
    // records and bodies), and mail links to fresh accounts through a relay that accepts everything but
    // the addresses it is told to refuse (the Fila de saída's failed messages). The CNPJ and CEP
    // providers are local fakes; a job's failure is kept as it happened (one try).
    sink = await SmtpSink.start();
    sink.refuseTo = REFUSED_ADDRESS;
    fake = await startFakeProviders();
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-matriz-'));
    fs.writeFileSync(path.join(backupDir, 'nao-e-pasta'), 'x');
    api = await TestApi.start(kind, {
      CONTACT_RATE_PER_IP: '100000',
      SMTP_URL: sink.url,
      CNPJ_API_URL: fake.url,
      CEP_API_URL: `${fake.url}/`,
      CNPJ_RATE_PER_MINUTE: '1000',
      LOOKUP_RATE_PER_IP: '10000',
      PASSWORD_RESET_RATE_PER_IP: '100000',
      BACKUP_DIR: path.join(backupDir, 'nao-e-pasta'),
      BACKUP_CRON: '0 3 * * *',
      JOBS_ATTEMPTS: '1',
    });
    const staff = await api.withEveryRole();
    for (const [name, user] of Object.entries(staff)) {
      ids[name] = user._id;
      credentials[name] = { email: user.email, password: name === 'master' ? MASTER_PASSWORD : 'Equipe!2026' };
    }
    for (const name of ['clienteA', 'clienteB']) {
      const body = clienteFixture();
      ids[name] = (await api.withCliente(name, body))._id;
      credentials[name] = { email: body.email, password: body.password };
    }
    real = { api, ids, fx: {}, sink, fake };
    await makeFixtures(real);
  });

  /** A new session for `who`, its token under `who` (the one before may have been ended). */
  async function signInAgain(who: Who): Promise<void> {
    const { email, password } = credentials[who];
    if (who === 'clienteA' || who === 'clienteB') await api.loginCliente(who, email, password);
    else await api.loginStaff(who, email, password);
  }
  afterAll(async () => {
    await api.stop();
    await sink.stop();
    await fake.stop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('every route declares who may call it (@Public or @Allow)', () => {
    const routes = listRoutes(api.app);
    expect(routes.length).toBeGreaterThan(5);
    const undeclared = routes.filter((r) => r.access === null).map((r) => `${r.method} ${r.path} (${r.handler})`);
    expect(undeclared).toEqual([]);
  });

  it('every route is in the authorisation matrix, and the matrix names no route that does not exist', () => {
    const actual = listRoutes(api.app).map((r) => `${r.method} ${r.path}`).sort();
    const listed = MATRIX.map((r) => `${r.method} ${r.path}`).sort();
    expect(actual).toEqual(listed);
  });

  it('every route that takes a path parameter, a body or a query is called with real records (access-matrix-real.ts), and nothing else is there', () => {
    const routes = listRoutes(api.app);
    const name = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    // Its path, the matrix's own body or query, or what the handler reads (so a route cannot be left out by leaving out its body).
    const takesInput = (row: MatrixRow) =>
      row.path.includes(':') || row.body !== undefined || !!row.url?.includes('?') || !!routes.find((r) => name(r) === name(row))?.inputs.length;
    const missing = MATRIX.filter(takesInput).map(name).filter((n) => !REAL[n] && !(n in NOT_REAL));
    expect(missing).toEqual([]);
    const listed = new Set(MATRIX.map(name));
    expect(Object.keys(REAL).filter((n) => !listed.has(n))).toEqual([]);
    expect(Object.keys(NOT_REAL).filter((n) => REAL[n] || !listed.has(n))).toEqual([]);
  });

  it('the matrix and the access table say the same for every route and caller (the matrix is the table, written again by hand)', () => {
    const routes = listRoutes(api.app);
    const disagreements: string[] = [];
    for (const row of MATRIX) {
      const route = routes.find((r) => r.method === row.method && r.path === row.path);
      if (!route) continue; // reported by the test above
      for (const who of WHO) {
        const allowed =
          route.access === 'public' ||
          (who !== 'anonymous' && Array.isArray(route.access) && route.access.some((a) => ACCESS[a as Action].includes(GROUP_OF[who])));
        const fromTable = allowed ? 'ok' : who === 'anonymous' ? 401 : 403;
        if (fromTable !== row.expect[who]) disagreements.push(`${row.method} ${row.path} as ${who}: table ${fromTable}, matrix ${row.expect[who]}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('docs/permissions.md is the access table as it is (WRITE_PERMISSIONS_DOC=1 rewrites it)', () => {
    const doc = renderPermissionsDoc(listRoutes(api.app));
    if (process.env.WRITE_PERMISSIONS_DOC === '1') fs.writeFileSync(DOC_PATH, doc);
    expect(fs.readFileSync(DOC_PATH, 'utf8')).toBe(doc);
  });

  it('a route the service narrows is documented as the server serves it: GET /api/equipe/:userId/ausencias (issue 55)', async () => {
    const doc = renderPermissionsDoc(listRoutes(api.app));
    expect(doc).toContain("`GET /api/equipe/:userId/ausencias` (only their own (another person's: 403))");
    expect(doc).toContain("`GET /api/equipe/:userId/ausencias` (anyone's (checked inside))");
    for (const [route, n] of Object.entries(NARROWED_INSIDE)) expect([route, ACCESS[n.action]]).toEqual([route, ['master', 'diretoria']]);
    // What the server does: one's own, yes; another person's, only with equipe.
    const ausencias = (who: string) => api.get(`/api/equipe/${ids[who]}/ausencias`, who === 'associado' ? 'associado' : 'associado2');
    expect((await ausencias('associado')).status).toBe(200);
    expect((await ausencias('diretoria')).status).toBe(403);
    for (const who of ['master', 'diretoria']) expect([who, (await api.get(`/api/equipe/${ids.associado}/ausencias`, who)).status]).toEqual([who, 200]);
    for (const who of ['financeiro', 'suporte']) expect([who, (await api.get(`/api/equipe/${ids.associado}/ausencias`, who)).status]).toEqual([who, 403]);
  });

  /** An upload as the session `as` (multipart: the body fetch makes from a FormData). */
  async function sendForm(method: string, url: string, form: FormData, as: string | undefined): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = as ? { authorization: `Bearer ${api.token[as]}` } : {};
    const res = await fetch(api.baseUrl + url, { method, headers, body: form });
    return { status: res.status, body: await res.json() };
  }

  const cells = MATRIX.flatMap((row) => WHO.map((who) => [`${row.method} ${row.path}`, who, row] as const));
  it.each(cells)('%s as %s', async (name, who, row) => {
    const ends = row.endsSession && who !== 'anonymous';
    if (ends) await signInAgain(who);
    // A real record and a valid body where the route takes them (every such route, checked above); else its path.
    const call: RealCall = REAL[name] ? await REAL[name](real, who) : { url: row.url ?? row.path, body: row.body };
    const before = await call.row?.();
    // The cell's own session, or a fresh account of the same kind where the call spends it.
    const as = who === 'anonymous' ? undefined : (call.as ?? who);
    const reply = call.form ? await sendForm(row.method, call.url, call.form(), as) : await api.call(row.method, call.url, { body: call.body, as });
    if (ends) await signInAgain(who);
    const want = row.expect[who];
    if (want === 'ok' && call.refusedInside) {
      // Past the guard, refused by the record rule with its own answer (not the guard's), and nothing changed.
      expect([reply.status, reply.body.message]).toEqual([call.refusedInside.status, call.refusedInside.message]);
      if (call.row) expect(await call.row()).toEqual(before);
    } else if (want === 'ok') {
      expect([401, 403]).not.toContain(reply.status);
      expect(reply.status).toBeLessThan(500);
      // Past the guard, a real call with a valid body succeeds: neither validation nor a missing record stops
      // it (a refusal past the guard is declared by its entry: refusedInside).
      if (REAL[name] && reply.status >= 300) throw new Error(`the real call was answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    } else {
      expect(reply.status).toBe(want);
      // An unauthorised caller learns nothing but the refusal.
      expect(Object.keys(reply.body).sort()).toEqual(['error', 'message', 'statusCode']);
      // ...and changes nothing.
      if (call.row) expect(await call.row()).toEqual(before);
    }
  });

  /*
   * IDOR: the ids of one owner, tried by everyone else who passes the guard. Client B on client A's
   * records and an associado on a colleague's registro (and its documents) get 404, exactly as an
   * id that does not exist; a staff member on a colleague's mail gets 404.
   */
  describe('IDOR on every :id route', () => {
    const rec: Record<string, string> = {};

    async function upload(as: string, name: string, fields: Record<string, string>) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('arquivo', new Blob([new Uint8Array(samplePdf())]), name);
      const res = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token[as]}` }, body: form });
      const body = (await res.json()) as any;
      if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(body)}`);
      return body.data._id as string;
    }
    async function registro(descricao: string, responsavel: string | null) {
      const r = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao }, 'clienteA');
      if (r.status !== 201) throw new Error(`registro: ${r.status} ${JSON.stringify(r.body)}`);
      if (responsavel) expect((await api.put(`/api/registros/${r.body.data._id}/responsavel`, { responsavelId: ids[responsavel] }, 'master')).status).toBe(200);
      return r.body.data._id as string;
    }

    beforeAll(async () => {
      rec.own = await registro('Do associado', 'associado');
      rec.colleague = await registro('Da colega', 'associado2');
      rec.free = await registro('Sem responsável', null);
      rec.docClient = await upload('clienteA', 'do-cliente.pdf', { registroId: rec.own });
      rec.docColleague = await upload('associado2', 'da-colega.pdf', { registroId: rec.colleague });
      // A note on the colleague's registro that the client never sees.
      await api.put(`/api/registros/${rec.colleague}/status`, { status: 'andamento', note: 'Nota interna da colega' }, 'associado2');
      const sent = await api.post('/api/emails/send', { to: 'assoc.bruno@veritas.com.br', subject: 'Só para o Bruno', body: '<p>Oi</p>' }, 'master');
      expect(sent.status).toBe(201);
      rec.mailSent = sent.body.data._id;
      rec.mailInbox = (await api.get('/api/emails/inbox', 'associado')).body.data.find((m: any) => m.subject === 'Só para o Bruno')._id;
    });

    const clientIdor = (): Array<[string, string, unknown?]> => [
      ['GET', `/api/registros/cliente/${ids.clienteA}`],
      ['GET', `/api/registros/${rec.own}`],
      ['PUT', `/api/registros/${rec.own}/status`, { status: 'cancelado' }],
      ['GET', `/api/documentos/${rec.docClient}`],
      ['GET', `/api/documentos/${rec.docClient}/download`],
      ['DELETE', `/api/documentos/${rec.docClient}`],
    ];
    it("client B on client A's ids: 404 on every route a client may call", async () => {
      const got = [];
      for (const [method, url, body] of clientIdor()) got.push([method, url, (await api.call(method, url, { body, as: 'clienteB' })).status]);
      expect(got).toEqual(clientIdor().map(([m, u]) => [m, u, 404]));
      // ...and the same ids by their owner are there (the 404 is the rule, not a bad id).
      expect((await api.get(`/api/registros/${rec.own}`, 'clienteA')).status).toBe(200);
      expect((await api.get(`/api/documentos/${rec.docClient}`, 'clienteA')).status).toBe(200);
    });

    it("an associado on a colleague's registro and its documents: 404, like an id that does not exist", async () => {
      const tries: Array<[string, string, unknown?]> = [
        ['GET', `/api/registros/${rec.colleague}`],
        ['PUT', `/api/registros/${rec.colleague}/status`, { status: 'concluido' }],
        ['PUT', `/api/registros/${rec.colleague}/responsavel`, { responsavelId: ids.associado }],
        ['GET', `/api/documentos/${rec.docColleague}`],
        ['GET', `/api/documentos/${rec.docColleague}/download`],
        ['DELETE', `/api/documentos/${rec.docColleague}`],
      ];
      const got = [];
      for (const [method, url, body] of tries) {
        const r = await api.call(method, url, { body, as: 'associado' });
        got.push([method, url, r.status]);
        expect(JSON.stringify(r.body)).not.toContain('Nota interna da colega');
      }
      expect(got).toEqual(tries.map(([m, u]) => [m, u, 404]));
      const attach = await fetch(`${api.baseUrl}/api/documentos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.token.associado}` },
        body: (() => {
          const f = new FormData();
          f.append('registroId', rec.colleague);
          f.append('arquivo', new Blob([new Uint8Array(samplePdf())]), 'intruso.pdf');
          return f;
        })(),
      });
      expect(attach.status).toBe(404);
      // The colleague still has it all, and the board sees it.
      expect((await api.get(`/api/registros/${rec.colleague}`, 'associado2')).status).toBe(200);
      expect((await api.get(`/api/documentos/${rec.docColleague}`, 'diretoria')).status).toBe(200);
    });

    it("a staff member on a colleague's mail: 404 on every mailbox :id route", async () => {
      for (const [who, id] of [['financeiro', rec.mailInbox], ['associado', rec.mailSent], ['diretoria', rec.mailInbox]] as const) {
        const tries: Array<[string, string, unknown?]> = [
          ['GET', `/api/emails/message/${id}`],
          ['PUT', `/api/emails/${id}/read`, {}],
          ['PUT', `/api/emails/${id}/star`, {}],
          ['PUT', `/api/emails/${id}/important`, {}],
          ['PUT', `/api/emails/drafts/${id}`, { subject: 'x' }],
          ['DELETE', `/api/emails/${id}`],
        ];
        for (const [method, url, body] of tries) expect([who, method, url, (await api.call(method, url, { body, as: who })).status]).toEqual([who, method, url, 404]);
      }
      expect((await api.get(`/api/emails/message/${rec.mailInbox}`, 'associado')).status).toBe(200);
    });

    /*
     * One record-access rule: for every caller, a registro is in the list, in the client's list, in
     * the detail and carries its documents all together or not at all.
     */
    it.each<Who>(['clienteA', 'clienteB', 'associado', 'financeiro', 'suporte', 'diretoria', 'master'])(
      'list, by-client, detail and documents agree for %s',
      async (who) => {
        const client = who === 'clienteA' || who === 'clienteB';
        const list = client ? await api.get('/api/registros/me?range=[0,99]', who) : await api.get('/api/registros?range=[0,99]', who);
        const byCliente = await api.get(`/api/registros/cliente/${ids.clienteA}`, who);
        const docs = client ? await api.get('/api/documentos/me?range=[0,99]', who) : await api.get('/api/documentos?range=[0,99]', who);
        const inList = new Set(list.body.data.map((r: any) => r._id));
        const inByCliente = new Set(byCliente.status === 200 ? byCliente.body.data.map((r: any) => r._id) : []);
        const docIds = new Set(docs.body.data.map((d: any) => d._id));
        const seen: Record<string, boolean[]> = {};
        for (const [name, id] of [['own', rec.own], ['colleague', rec.colleague], ['free', rec.free]]) {
          const detail = (await api.get(`/api/registros/${id}`, who)).status === 200;
          seen[name] = [inList.has(id), inByCliente.has(id), detail];
        }
        const docSeen = [docIds.has(rec.docClient), (await api.get(`/api/documentos/${rec.docClient}`, who)).status === 200];
        const docColleagueSeen = [docIds.has(rec.docColleague), (await api.get(`/api/documentos/${rec.docColleague}`, who)).status === 200];
        const expected: Record<Who, [boolean, boolean, boolean]> = {
          anonymous: [false, false, false],
          clienteA: [true, true, true],
          clienteB: [false, false, false],
          associado: [true, false, true],
          financeiro: [true, true, true],
          suporte: [true, true, true],
          diretoria: [true, true, true],
          master: [true, true, true],
        };
        const [own, colleague, free] = expected[who];
        expect(seen).toEqual({ own: [own, own, own], colleague: [colleague, colleague, colleague], free: [free, free, free] });
        // A document goes with its registro.
        expect({ docClient: docSeen, docColleague: docColleagueSeen }).toEqual({ docClient: [own, own], docColleague: [colleague, colleague] });
      },
    );
  });
});
