import { DataSource } from 'typeorm';
import { DOCUMENTO_NOT_YOURS } from '@veritas/common';
import { MailService } from '../../backend/src/mail/mail.service';
import { OUTBOX_BACKOFF_MS } from '../../backend/src/mail/mail-outbox.service';
import { clienteFixture, cpfFixture } from '../support/api';
import { until } from '../support/faults';
import {
  created,
  formOf,
  isClient,
  isStaff,
  newCobranca,
  newDocumento,
  newDraft,
  newDraftWithPdf,
  newUserBody,
  ofxFile,
  rowOf,
  rowsOf,
  unique,
  type Real,
  type RealCtx,
} from './access-matrix-fixtures';

/**
 * The second half of the matrix's real calls (access-matrix-real.ts has the first): the routes
 * whose record is more than a row to make, a mailed link (read from the suite's relay), a fresh
 * account signed in, a provider's answer (the local fakes), a job's failure, a message the relay
 * refused, a bank statement matched to a charge.
 */

/** The addresses the suite's relay refuses (authorization.e2e-spec.ts sets `sink.refuseTo`). */
export const REFUSED_ADDRESS = /^recusado\./;
const RESET_LINK = /\/redefinir-senha\?token=([A-Za-z0-9_-]+)/;
const CONFIRM_LINK = /\/painel\/confirmar-email-recuperacao\?token=([A-Za-z0-9_-]+)/;

/** The token of the link in the mail of `subject` sent to `to` (the outbox flushed to the relay first). */
async function mailedToken(ctx: RealCtx, to: string, subject: RegExp, link: RegExp): Promise<string> {
  await ctx.api.app.get(MailService).flush();
  const mail = await ctx.sink.waitForSubject(subject, 10_000, to);
  const token = link.exec(mail.parsed.text ?? '')?.[1];
  if (!token) throw new Error(`fixture: sem link no e-mail para ${to}: ${mail.parsed.text}`);
  return token;
}

/**
 * The unsubscribe link (path and signed token) of an optional e-mail: a new charge to a fresh client,
 * as the relay received it (List-Unsubscribe); and the client.
 */
async function unsubscribeLink(ctx: RealCtx): Promise<{ url: string; clienteId: string }> {
  const cliente = await freshCliente(ctx);
  await created(ctx, '/api/cobrancas', { clienteId: cliente.id, linhas: [{ descricao: unique('Honorários '), tipo: 'honorario', valor: 90 }] });
  await ctx.api.app.get(MailService).flush();
  const mail = await ctx.sink.waitForSubject(/^Nova cobrança/, 10_000, cliente.email);
  const header = mail.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r?\n[ \t]+/g, '') ?? '';
  const link = /<([^>]*\/api\/notificacoes\/descadastrar\?token=[^>]+)>/.exec(header)?.[1];
  if (!link) throw new Error(`fixture descadastro: sem link em "${header}"`);
  const { pathname, search } = new URL(link);
  return { url: pathname + search, clienteId: cliente.id };
}

/** A client registered on the public form, signed in under a token name of its own; its login e-mail and id. */
async function freshCliente(ctx: RealCtx): Promise<{ name: string; id: string; email: string; password: string }> {
  const body = clienteFixture();
  const name = unique('cliente.');
  const { _id } = await ctx.api.withCliente(name, body);
  return { name, id: _id, email: body.email, password: body.password };
}

/** A client's unused password-reset link, sent by the board as the screen does; its token and the client. */
async function resetToken(ctx: RealCtx): Promise<{ token: string; clienteId: string }> {
  const cliente = await freshCliente(ctx);
  const sent = await ctx.api.post(`/api/clientes/${cliente.id}/enviar-redefinicao-senha`, {}, 'master');
  if (sent.status !== 200) throw new Error(`fixture link: ${sent.status} ${JSON.stringify(sent.body)}`);
  return { token: await mailedToken(ctx, cliente.email, /^Redefinição de senha/, RESET_LINK), clienteId: cliente.id };
}

/** A fresh staff member's recovery e-mail, set by them and not yet confirmed; the confirmation link's token and the user. */
async function recoveryToken(ctx: RealCtx): Promise<{ token: string; userId: string }> {
  const body = newUserBody();
  const user = await ctx.api.post('/api/users', body, 'master');
  if (user.status !== 201) throw new Error(`fixture usuário: ${user.status} ${JSON.stringify(user.body)}`);
  const name = unique('pessoa.');
  await ctx.api.loginStaff(name, user.body.data.email, body.password);
  const pessoal = `${unique('pessoal.')}@exemplo.com.br`;
  const set = await ctx.api.put('/api/auth/recuperacao', { email: pessoal }, name);
  if (set.status !== 200) throw new Error(`fixture recuperação: ${set.status} ${JSON.stringify(set.body)}`);
  return { token: await mailedToken(ctx, pessoal, /^Confirme o seu e-mail de recuperação/, CONFIRM_LINK), userId: user.body.data._id };
}

/** A system e-mail the relay refused every time: failed in the Fila de saída (its id), waiting for the board. */
async function failedMail(ctx: RealCtx): Promise<string> {
  const id = await created(ctx, '/api/clientes', { ...clienteFixture(), email: `${unique('recusado.')}@exemplo.com.br`, status: 'ativo' });
  const sent = await ctx.api.post(`/api/clientes/${id}/enviar-redefinicao-senha`, {}, 'master');
  if (sent.status !== 200) throw new Error(`fixture link: ${sent.status} ${JSON.stringify(sent.body)}`);
  const ds = ctx.api.app.get(DataSource);
  const mail = async () => ((await ds.query("SELECT id, status FROM mail_outbox WHERE clienteId = ? AND evento = 'senha.redefinicao'", [id])) as { id: string; status: string }[])[0];
  // Each flush is one more attempt, due or not; after the last one the message has failed.
  for (let i = 0; i <= OUTBOX_BACKOFF_MS.length && (await mail()).status === 'pending'; i++) await ctx.api.app.get(MailService).flush();
  const row = await mail();
  if (row.status !== 'failed') throw new Error(`fixture fila de saída: ${row.status}`);
  return row.id;
}

/** The Tarefas screen's failures (newest first). */
async function falhas(ctx: RealCtx): Promise<{ _id: string; nome: string }[]> {
  return (await ctx.api.get('/api/tarefas/falhas?range=[0,199]', 'master')).body.data;
}
/** A failed run of the backup (BACKUP_DIR is a file in the suite), run now by the master; its id. */
async function failedJob(ctx: RealCtx): Promise<string> {
  const before = new Set((await falhas(ctx)).map((f) => f._id));
  const run = await ctx.api.post('/api/tarefas/Backup/executar', undefined, 'master');
  if (run.status !== 202) throw new Error(`fixture backup: ${run.status} ${JSON.stringify(run.body)}`);
  let id: string | undefined;
  await until(async () => !!(id = (await falhas(ctx)).find((f) => f.nome === 'Backup' && !before.has(f._id))?._id), 'a falha do backup');
  return id!;
}
/** One failure as the screen lists it, or null when it is gone. */
const falhaRow = (ctx: RealCtx, id: string) => async () => (await falhas(ctx)).find((f) => f._id === id) ?? null;

/** A bank statement imported with one credit that pays a fresh charge (its txid in the memo: proposed by the import). */
async function matchedStatement(ctx: RealCtx): Promise<{ extrato: string; transacao: string; cobranca: string }> {
  const cobranca = await newCobranca(ctx);
  const { txid, saldo } = (await ctx.api.get(`/api/cobrancas/${cobranca}`, 'master')).body.data;
  const res = await fetch(`${ctx.api.baseUrl}/api/financas/extratos`, {
    method: 'POST',
    body: formOf({}, ofxFile(Number(saldo).toFixed(2), `PIX RECEBIDO ${txid}`))(),
    headers: { authorization: `Bearer ${ctx.api.token.master}` },
  });
  const imp = (await res.json()) as { data: { _id: string; transacoes: { _id: string; cobrancaId: string | null }[] } };
  const transacao = imp.data?.transacoes.find((t) => t.cobrancaId === cobranca);
  if (res.status !== 201 || !transacao) throw new Error(`fixture extrato: ${res.status} ${JSON.stringify(imp)}`);
  return { extrato: imp.data._id, transacao: transacao._id, cobranca };
}

/** A message in `who`'s mailbox when it is staff (a mailbox is its owner's), else in the master's. */
const owner = (who: Parameters<Real>[1]) => (isStaff(who) ? who : 'master');

export const REAL_MORE: Record<string, Real> = {
  // Sign-ins and links (public: every caller passes the guard), each on a fresh account.
  'POST /api/clientes/login': async (c) => {
    const { email, password } = await freshCliente(c);
    return { url: '/api/clientes/login', body: { email, password } };
  },
  'POST /api/auth/forgot-password': async (c) => ({ url: '/api/auth/forgot-password', body: { email: (await freshCliente(c)).email } }),
  'POST /api/auth/reset-password/check': async (c) => ({ url: '/api/auth/reset-password/check', body: { token: (await resetToken(c)).token } }),
  'POST /api/auth/reset-password': async (c) => {
    const { token, clienteId } = await resetToken(c);
    return { url: '/api/auth/reset-password', body: { token, password: 'Redefinida!2026' }, row: rowOf(c, 'clientes', clienteId) };
  },
  'POST /api/auth/recuperacao/confirmar': async (c) => {
    const { token, userId } = await recoveryToken(c);
    return { url: '/api/auth/recuperacao/confirmar', body: { token }, row: rowsOf(c, 'email_recuperacao', 'userId', userId) };
  },
  // The board sends a staff member a reset link, to a fresh member's confirmed recovery e-mail.
  'POST /api/users/:id/enviar-redefinicao-senha': async (c) => {
    const { token, userId } = await recoveryToken(c);
    const confirmed = await c.api.post('/api/auth/recuperacao/confirmar', { token });
    if (confirmed.status !== 200) throw new Error(`fixture confirmação: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    return { url: `/api/users/${userId}/enviar-redefinicao-senha`, row: rowsOf(c, 'password_reset_tokens', 'accountId', userId) };
  },
  'POST /api/clientes/register/fundador': async () => ({
    url: '/api/clientes/register/fundador',
    body: { nome: 'Ana Souza', cpf: cpfFixture(), email: `${unique('fundadora.')}@exemplo.com.br`, telefone: '(11) 98888-7777', razaoSocial: 'Ana Doces Finos', password: 'Fundador!2026' },
  }),
  // A month of the calendar (each staff member sees their own events, the board everyone's).
  'GET /api/agenda': async () => ({ url: '/api/agenda?inicio=2027-03-01&fim=2027-04-01' }),
  // An optional e-mail's unsubscribe link (public: the signed token is the credential), opened and confirmed.
  'GET /api/notificacoes/descadastrar': async (c) => ({ url: (await unsubscribeLink(c)).url }),
  'POST /api/notificacoes/descadastrar': async (c) => {
    const { url, clienteId } = await unsubscribeLink(c);
    return { url, row: rowsOf(c, 'cliente_notificacoes', 'clienteId', clienteId) };
  },
  // A client asks to have its data erased: a fresh client per call (the request is its own, pending for
  // the board); a refused caller asks for nobody, and no erasure request appears.
  'POST /api/clientes/me/eliminacao': async (c, who) => ({
    url: '/api/clientes/me/eliminacao',
    body: { motivo: 'Encerramos a empresa.' },
    row: rowsOf(c, 'solicitacoes_titulares', 'tipo', 'eliminacao'),
    ...(isClient(who) ? { as: (await freshCliente(c)).name } : {}),
  }),

  // The lookups, answered by the local providers (a CNPJ and a CEP they know), and a client's CNPJ card.
  'GET /api/lookup/cnpj/:cnpj': async (c) => ({ url: `/api/lookup/cnpj/${c.fx.cnpj}` }),
  'GET /api/lookup/cep/:cep': async () => ({ url: '/api/lookup/cep/01310100' }),
  'GET /api/clientes/:id/cnpj-info': async (c) => ({ url: `/api/clientes/${c.fx.cliente}/cnpj-info` }),

  // The mailbox: a folder, an attachment, a message's links (the caller's own; refused callers aim at the master's).
  'GET /api/emails/:folder': async () => ({ url: '/api/emails/inbox' }),
  // The conversations' search (each reader's registros only).
  'GET /api/mensagens': async () => ({ url: `/api/mensagens?filter=${encodeURIComponent(JSON.stringify({ q: 'matriz' }))}` }),
  'GET /api/emails/attachment/:id': async (c, who) => {
    const id = await newDraftWithPdf(c, who);
    const [anexo] = (await c.api.get(`/api/emails/message/${id}`, owner(who))).body.data.attachments;
    return { url: `/api/emails/attachment/${anexo.id}` };
  },
  'GET /api/emails/message/:id/vinculos': async (c, who) => ({ url: `/api/emails/message/${await newDraft(c, who)}/vinculos` }),
  'PUT /api/emails/message/:id/vinculos': async (c, who) => {
    const id = await newDraft(c, who);
    // Client A and its registro without a responsible person (every worker sees it).
    return { url: `/api/emails/message/${id}/vinculos`, body: { clienteId: c.ids.clienteA, registroIds: [c.fx.registro] }, row: rowsOf(c, 'email_vinculos', 'emailId', id) };
  },

  // Documents: Financeiro and Suporte upload none, so no document is theirs: they pass the guard and the
  // record rule refuses them a fresh one of the board's (only its uploader or the board deletes it).
  'DELETE /api/documentos/:id': async (c, who) => {
    if (who === 'financeiro' || who === 'suporte') {
      const id = await newDocumento(c, 'master', { clienteId: c.ids.clienteA });
      return { url: `/api/documentos/${id}`, row: rowOf(c, 'documentos', id), refusedInside: { status: 403, message: DOCUMENTO_NOT_YOURS } };
    }
    // The caller's own upload where it may upload (a client's, client A's on its registro; staff's, filed
    // under client A); the refused anonymous caller aims at client A's.
    const id = !isStaff(who)
      ? await newDocumento(c, who === 'clienteB' ? 'clienteB' : 'clienteA', who === 'clienteB' ? {} : { registroId: c.fx.registro })
      : await newDocumento(c, who, { clienteId: c.ids.clienteA });
    return { url: `/api/documentos/${id}`, row: rowOf(c, 'documentos', id) };
  },

  // Finanças: a fresh statement with its credit matched to a fresh charge, confirmed as proposed.
  'POST /api/financas/extratos/:id/confirmar': async (c) => {
    const { extrato, transacao, cobranca } = await matchedStatement(c);
    const [charge, payments, credit] = [rowOf(c, 'cobrancas', cobranca), rowsOf(c, 'cobranca_pagamentos', 'cobrancaId', cobranca), rowOf(c, 'extrato_transacoes', transacao)];
    return {
      url: `/api/financas/extratos/${extrato}/confirmar`,
      body: { matches: [{ transacaoId: transacao, cobrancaId: cobranca }] },
      row: async () => [await charge(), await payments(), await credit()],
    };
  },
  // The panel tells the trail a simulation of another user type began (the master).
  'POST /api/auditoria/simulacao': async (c) => ({ url: '/api/auditoria/simulacao', body: { tipo: 'associado' }, row: rowsOf(c, 'auditoria', 'acao', 'simulacao.inicio') }),

  // Tarefas: a fresh failed run of the backup, retried or discarded (the master).
  'POST /api/tarefas/falhas/:id/repetir': async (c) => {
    const id = await failedJob(c);
    return { url: `/api/tarefas/falhas/${id}/repetir`, row: falhaRow(c, id) };
  },
  'DELETE /api/tarefas/falhas/:id': async (c) => {
    const id = await failedJob(c);
    return { url: `/api/tarefas/falhas/${id}`, row: falhaRow(c, id) };
  },

  // The Fila de saída: a fresh message the relay refused, sent again or cancelled (the board).
  'POST /api/fila-saida/:id/reenviar': async (c) => {
    const id = await failedMail(c);
    return { url: `/api/fila-saida/${id}/reenviar`, row: rowOf(c, 'mail_outbox', id) };
  },
  'POST /api/fila-saida/:id/cancelar': async (c) => {
    const id = await failedMail(c);
    return { url: `/api/fila-saida/${id}/cancelar`, row: rowOf(c, 'mail_outbox', id) };
  },
};
