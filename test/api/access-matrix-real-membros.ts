import { MailService } from '../../backend/src/mail/mail.service';
import { isClient, newCliente, rowOf, rowsOf, unique, type Real, type RealCtx } from './access-matrix-fixtures';
import type { Who } from './access-matrix';

/**
 * The members of a client company on real records (issue 54, ADR 0058): a client's cell aims at a member
 * of its own company (another's would be 404), anyone else at a fresh company's; staff routes at a company
 * made for the route (a company holds at most 50 members).
 */
const SENHA = 'Membro!2026';
const LINK = /\/convite\?token=([A-Za-z0-9_-]+)/;

/** Per running app (the suite runs once per database): its companies by key. */
const companies = new WeakMap<RealCtx['api'], Map<string, Promise<string>>>();
/** One company per key, made by the board on first use. */
const company = (c: RealCtx, key: string) => {
  const mine = companies.get(c.api) ?? new Map<string, Promise<string>>();
  companies.set(c.api, mine);
  if (!mine.has(key)) mine.set(key, newCliente(c));
  return mine.get(key)!;
};
/** The caller's own company when it is a client, else a fresh one. */
const own = (c: RealCtx, who: Who) => (isClient(who) ? Promise.resolve(c.ids[who]) : newCliente(c));

/** A member invited by the board into `clienteId`: its id, e-mail and the token mailed to it. */
async function convite(c: RealCtx, clienteId: string): Promise<{ id: string; email: string; token: string }> {
  const email = `${unique('membro.')}@exemplo.com.br`;
  const r = await c.api.post(`/api/clientes/${clienteId}/membros/convites`, { nome: 'Membro da Matriz', email, papel: 'colaborador' }, 'master');
  if (r.status !== 201) throw new Error(`convite: ${r.status} ${JSON.stringify(r.body)}`);
  await c.api.app.get(MailService).flush();
  const mail = await c.sink.waitForSubject(/^Convite para a área do cliente/, 10_000, email);
  const token = LINK.exec(mail.parsed.text ?? '')?.[1];
  if (!token) throw new Error(`convite: sem link em ${mail.parsed.text}`);
  return { id: r.body.data._id, email, token };
}

/** A member who accepted its invitation and is signed in under a token name of its own. */
async function membroAtivo(c: RealCtx, clienteId: string): Promise<string> {
  const m = await convite(c, clienteId);
  const ok = await c.api.post(`/api/convites/${m.token}/aceitar`, { nome: 'Membro da Matriz', senha: SENHA });
  if (ok.status !== 200) throw new Error(`aceitar: ${ok.status} ${JSON.stringify(ok.body)}`);
  const name = unique('membro.');
  await c.api.loginCliente(name, m.email, SENHA);
  return name;
}

export const REAL_MEMBROS: Record<string, Real> = {
  // The company's own members: the Responsável (each client of the matrix is its company's) manages them.
  'POST /api/clientes/me/membros/convites': async (c, who) => ({
    url: '/api/clientes/me/membros/convites',
    body: { nome: 'Ana Souza', email: `${unique('convidada.')}@exemplo.com.br`, papel: 'contador' },
    row: rowsOf(c, 'cliente_membros', 'clienteId', isClient(who) ? c.ids[who] : c.ids.clienteA),
  }),
  'POST /api/clientes/me/membros/:id/convite/reenviar': async (c, who) => {
    const m = await convite(c, await own(c, who));
    return { url: `/api/clientes/me/membros/${m.id}/convite/reenviar`, row: rowOf(c, 'cliente_membros', m.id) };
  },
  'DELETE /api/clientes/me/membros/:id/convite': async (c, who) => {
    const m = await convite(c, await own(c, who));
    return { url: `/api/clientes/me/membros/${m.id}/convite`, row: rowOf(c, 'cliente_membros', m.id) };
  },
  'PATCH /api/clientes/me/membros/:id': async (c, who) => {
    const m = await convite(c, await own(c, who));
    return { url: `/api/clientes/me/membros/${m.id}`, body: { papel: 'socio' }, row: rowOf(c, 'cliente_membros', m.id) };
  },
  'DELETE /api/clientes/me/membros/:id': async (c, who) => {
    const m = await convite(c, await own(c, who));
    return { url: `/api/clientes/me/membros/${m.id}`, row: rowOf(c, 'cliente_membros', m.id) };
  },
  // A member erases its own data: a fresh member of the caller's company (the Responsável is its last one).
  'POST /api/clientes/me/membro/eliminacao': async (c, who) => (isClient(who) ? { url: '/api/clientes/me/membro/eliminacao', as: await membroAtivo(c, c.ids[who]) } : { url: '/api/clientes/me/membro/eliminacao' }),

  // Staff manage a client's members from its record.
  'GET /api/clientes/:id/membros': async (c) => ({ url: `/api/clientes/${c.fx.cliente}/membros` }),
  'POST /api/clientes/:id/membros/convites': async (c) => {
    const id = await company(c, 'convites');
    return { url: `/api/clientes/${id}/membros/convites`, body: { nome: 'Bruno Lima', email: `${unique('convidado.')}@exemplo.com.br`, papel: 'socio' }, row: rowsOf(c, 'cliente_membros', 'clienteId', id) };
  },
  'POST /api/clientes/:id/membros/:mid/convite/reenviar': async (c) => {
    const id = await company(c, 'reenviar');
    const m = await convite(c, id);
    return { url: `/api/clientes/${id}/membros/${m.id}/convite/reenviar`, row: rowOf(c, 'cliente_membros', m.id) };
  },
  'DELETE /api/clientes/:id/membros/:mid/convite': async (c) => {
    const id = await company(c, 'revogar');
    const m = await convite(c, id);
    return { url: `/api/clientes/${id}/membros/${m.id}/convite`, row: rowOf(c, 'cliente_membros', m.id) };
  },
  'PATCH /api/clientes/:id/membros/:mid': async (c) => {
    const id = await company(c, 'atualizar');
    const m = await convite(c, id);
    return { url: `/api/clientes/${id}/membros/${m.id}`, body: { capacidades: ['ver_documentos'] }, row: rowOf(c, 'cliente_membros', m.id) };
  },
  'DELETE /api/clientes/:id/membros/:mid': async (c) => {
    const id = await company(c, 'remover');
    const m = await convite(c, id);
    return { url: `/api/clientes/${id}/membros/${m.id}`, row: rowOf(c, 'cliente_membros', m.id) };
  },

  // The invitation's public page and its acceptance (the token is the credential).
  'GET /api/convites/:token': async (c) => ({ url: `/api/convites/${(await convite(c, await company(c, 'pagina'))).token}` }),
  'POST /api/convites/:token/aceitar': async (c) => {
    const m = await convite(c, await company(c, 'aceitar'));
    return { url: `/api/convites/${m.token}/aceitar`, body: { nome: 'Carla Dias', senha: SENHA }, row: rowOf(c, 'cliente_membros', m.id) };
  },
};
