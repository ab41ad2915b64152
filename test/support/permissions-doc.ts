import { ACCESS, ACCESS_GROUPS, ACCESS_GROUP_LABELS, ACTIONS, Action, RECORD_ACTIONS, RECORD_NOT_FOUND, RECORD_RULES } from '@veritas/common';
import type { RouteInfo } from './routes';

/** One line per action for the reader of docs/permissions.md; every action must have one. */
const DESCRIPTIONS: Record<Action, string> = {
  staff: 'Any staff member: own profile, dashboard, calendar',
  cliente: "A client company's own area (its registros, documents and profile)",
  'users.list': 'See the team (users)',
  'users.manage': 'Create, edit and delete staff users (a diretoria never touches a master)',
  'users.sendReset': "Send a staff member a password-reset link to their confirmed recovery e-mail (never the panel's mailbox); audited",
  'clientes.read': 'Read clients and their CNPJ data',
  'clientes.write': "Create clients and edit their data (not an existing client's login e-mail or password)",
  'clientes.credentials': "Set an existing client's login e-mail or password directly (checked in PUT /api/clientes/:id)",
  'clientes.sendReset': 'Send a client a password-reset link to its own login e-mail',
  'clientes.delete': 'Delete a client',
  'tiposCliente.read': 'Read client types and their prices',
  'tiposCliente.write': 'Create, edit and (in)activate client types: the prices',
  'tiposCliente.delete': 'Delete a client type',
  'registros.read': 'Read registros within the record rule (an associado: its own and the unassigned)',
  'registros.readAll': "Read every registro of the firm (the record rule's widest scope)",
  'registros.work': 'Create registros for a client, take/release them, change the status of those assigned to oneself',
  'registros.assign': 'Assign any registro to anyone who works registros; change the status of any registro',
  'documentos.read': "Read and download documents (those of registros one may see, and the clients' own)",
  'documentos.upload': 'Upload documents for a client or one of its registros one may see',
  'documentos.deleteAny': 'Delete any document (others: only their own upload, before the other side opened it)',
  'dashboard.firm': "The firm's figures on the dashboard (others: their own registros); every report of Relatórios",
  relatorios: 'Relatórios: the screen and the reports one may open (the board all; Finanças holders those with money figures)',
  'financas.read': 'Finanças: charges, their PIX and receipts, imported statements, the summary',
  'financas.write': 'Finanças: make, edit and cancel charges, record payments, import and confirm bank statements',
  mail: 'Their own mailbox (each staff member has one)',
  settings: 'Settings: users, the firm calendar, the stage and checklist templates, the outgoing mail relay (E-mail de saída)',
  simulate: 'Simulate another user type in the panel (display only); its start and end are recorded in the audit trail',
  contato: 'The public site\'s contact messages (Mensagens)',
  agenda: 'Agenda: one\'s own items and the events one takes part in; one\'s feed address',
  'agenda.all': 'Everyone\'s agenda (filter per person); edit or delete anyone\'s event',
  equipe: 'Equipe: the team\'s load, absences, bulk reassignment of registros',
  'auditoria.read': 'Auditoria: the audit trail (list, CSV export, the trail of a client or registro)',
  'auditoria.verify': 'Check the audit trail\'s hash chain',
  titulares: 'Solicitações de titulares (LGPD): read the clients\' requests, approve or refuse corrections and erasures',
  tarefas: 'Tarefas: the background jobs, their schedules and last runs, the failed runs (retry, discard), run one now',
  filaSaida: 'Fila de saída: every system message with its state (list, summary for the banner), Reenviar, Cancelar',
  avisos: "The panel's bell: one's own notices (list with the unread count, mark one or all read); another person's is a 404",
};

/** Actions no route declares: where they are checked instead. */
const CHECKED_INSIDE: Partial<Record<Action, string>> = {
  'clientes.credentials': 'inside `PUT /api/clientes/:id`',
  'registros.readAll': 'the scope of the registros and documentos routes; the Registros screen',
  'registros.assign': 'inside `POST /api/registros`, `PUT /api/registros/:id/responsavel`, `PUT /api/registros/:id/status`',
  'documentos.deleteAny': 'inside `DELETE /api/documentos/:id`',
  'dashboard.firm': 'the scope of `GET /api/dashboard`; inside `GET /api/relatorios/:nome` (reports without money figures)',
  'agenda.all': 'the scope of `GET /api/agenda` (`responsavel`), inside `PUT`/`DELETE /api/agenda/eventos/:id`',
};

/** The record rules, from packages/common/src/record-access.ts: what PolicyService.require checks on one record. */
function recordRules(): string[] {
  const lines = [
    '## Record rules (PolicyService, after the table)',
    '',
    'A service asks `PolicyService` (backend/src/platform/access) before it acts on one record: `require(actor, action, id)` reads',
    'the record and applies its rule (packages/common/src/record-access.ts); a list is narrowed with `scope(query, actor, resource)`.',
    'A record the caller may not see answers 404 with the words of an id that does not exist; one it sees but may not act on, 403',
    '(409 where the record\'s state decides).',
    '',
    '| Record action | Resource | Who | Not seen (404) |',
    '|---|---|---|---|',
  ];
  for (const action of RECORD_ACTIONS) {
    const rule = RECORD_RULES[action];
    lines.push(`| **${action}** | ${rule.resource} | ${rule.description} | ${RECORD_NOT_FOUND[rule.resource]} |`);
  }
  return lines;
}

/**
 * Routes whose @Allow admits more callers than the service then serves: the service narrows them by
 * a second action (issue 55: the doc said every staff member read anyone's absences). Each is listed
 * under its @Allow action with who is served there, and under the narrowing action with what it adds.
 */
export const NARROWED_INSIDE: Record<string, { action: Action; own: string; adds: string }> = {
  'GET /api/equipe/:userId/ausencias': { action: 'equipe', own: 'only their own (another person\'s: 403)', adds: 'anyone\'s (checked inside)' },
};

const PROSE = `## Record rules in detail

- **Registros** (\`registroScope\` / \`canSeeRegistro\` in packages/common, their SQL in backend/src/platform/access):
  Master, Diretoria, Financeiro and Suporte see every registro; an associado sees the registros assigned to it and
  the unassigned ones (which it may take); a client company its own. The same rule serves the list, the detail, the
  list by client and the documents, and anything outside it answers 404 as an id that does not exist.
- **Documents** (\`canSeeDocumento\`): a document attached to a registro is seen by whoever sees the registro; one
  without a registro by every staff member and its client.
- **Deleting a document** (\`canDeleteDocumento\`): Master and Diretoria delete any; the uploader deletes its own upload
  only before the other side opened it (a client's upload until staff open it, 409 after; a staff upload until the
  client downloads it, its proof of delivery, 409 after); anyone else 403.
- **A client's login** (\`clientes.credentials\`): PUT /api/clientes/:id by anyone but Master and Diretoria that changes
  the login e-mail or sets a password answers 403 and changes nothing; the other fields stay editable, and the current
  e-mail sent back unchanged is no change. Everyone on the staff may send the client a reset link instead.
- **Registros' responsible**: only someone who works registros (Master, Diretoria, Associado) may be made responsible.
- **Users**: a diretoria cannot create, edit, promote to or delete a master; nobody deletes themself or the last master.
- **Mail**: each mailbox is its owner's alone; another staff member's message ids answer 404.
- **Charges** (issue 12): a client reaches only its own charges (GET /api/cobrancas/me), their PIX and their receipts;
  another client's charge or payment id answers 404.

## Groups

A staff member is Master or Diretoria by user type (§5). Below the board it belongs to one group per permission it holds
(Associados → Associado, Financeiro, Suporte); with none of those it is a plain Associado (the form's default role).
Permissions add up: an associado who is also Financeiro holds both shares. The user type still decides the menu's
heading and entries (§2.10); a permission adds the screens it grants (Financeiro: Registros, Finanças; Suporte:
Registros, Mensagens) and entries the person cannot open are left out (\`menuFor(userType, permissions)\`).
`;

/** docs/permissions.md, from the access table and the routes' @Allow/@Public declarations. */
export function renderPermissionsDoc(routes: RouteInfo[]): string {
  const sorted = [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const lines: string[] = [
    '# Permissions',
    '',
    '<!-- Generated from packages/common/src/access.ts, record-access.ts and the routes\' @Allow/@Public by test/support/permissions-doc.ts.',
    '     Do not edit: run `WRITE_PERMISSIONS_DOC=1 npx jest --selectProjects api --runInBand test/api/authorization.e2e-spec.ts`.',
    '     The authorisation suite fails while this file is stale. -->',
    '',
    'Who may call what. A route lists the actions that admit a caller (any one of them is enough); the guard',
    '(backend/src/auth) reads the caller\'s user type and permissions from the database on every request.',
    '',
    `| Action | ${ACCESS_GROUPS.map((g) => ACCESS_GROUP_LABELS[g]).join(' | ')} | Routes |`,
    `|---|${ACCESS_GROUPS.map(() => ':-:').join('|')}|---|`,
  ];
  for (const action of ACTIONS) {
    const description = DESCRIPTIONS[action];
    if (!description) throw new Error(`Ação sem descrição em permissions-doc.ts: ${action}`);
    const covered = sorted
      .filter((r) => Array.isArray(r.access) && r.access.includes(action))
      .map((r) => {
        const narrowed = NARROWED_INSIDE[`${r.method} ${r.path}`];
        return `\`${r.method} ${r.path}\`${narrowed ? ` (${narrowed.own})` : ''}`;
      });
    for (const [route, n] of Object.entries(NARROWED_INSIDE)) if (n.action === action) covered.push(`\`${route}\` (${n.adds})`);
    const cells = ACCESS_GROUPS.map((g) => (ACCESS[action].includes(g) ? '✓' : '—'));
    const where = covered.join('<br>') || CHECKED_INSIDE[action];
    if (!where) throw new Error(`Ação sem rota nem verificação descrita em permissions-doc.ts: ${action}`);
    lines.push(`| **${action}**: ${description} | ${cells.join(' | ')} | ${where} |`);
  }
  const open = sorted.filter((r) => r.access === 'public').map((r) => `\`${r.method} ${r.path}\``);
  lines.push('', `Public (no sign-in): ${open.join(', ')}.`, '', ...recordRules(), '', PROSE);
  return lines.join('\n');
}
