/*
 * Record-level access, the second half of the access table (access.ts holds the first: which
 * groups hold which action). For each record action: the resource it is about, the answer when
 * the row is not found or not seen (404, as an id that does not exist), and the rule on the row.
 * The server's PolicyService (backend/src/platform/access) loads the row and applies the rule;
 * docs/permissions.md prints the table (docs/adr/0007-one-access-policy.md).
 */
import {
  can,
  canDeleteDocumento,
  canSeeDocumento,
  canSeeRegistro,
  DocumentoAccessFields,
  Principal,
  RecordPrincipal,
  RegistroAccessFields,
} from './access';

/** The kinds of record a rule is about. */
export type RecordResource = 'registro' | 'documento' | 'cobranca' | 'cliente' | 'agendaEvento' | 'usuario';

/** What a rule reads of each kind of record (the server loads at least these fields). */
export interface RecordRows {
  registro: RegistroAccessFields;
  documento: DocumentoAccessFields & { registro: RegistroAccessFields | null };
  cobranca: { clienteId: string };
  cliente: { id: string };
  /** An agenda event, and whether the caller takes part in it. */
  agendaEvento: { criadoPorId: string; participa: boolean };
  /** A staff member (its absences). */
  usuario: { id: string };
}

/** Ok; or "not found" (not seen: 404, as an id that does not exist); or seen but refused (403, 409). */
export type RecordDecision = { ok: true } | { ok: false; status: 404 } | { ok: false; status: 403 | 409; reason: string };

export const REGISTRO_ONLY_RESPONSAVEL =
  'Apenas o responsável pelo registro, a Diretoria ou o Master podem alterar o status. Assuma o registro primeiro.';
export const EVENTO_NOT_YOURS = 'Apenas quem criou o evento, a Diretoria ou o Master podem alterá-lo ou excluí-lo.';
export const AUSENCIAS_NOT_YOURS = 'Apenas a Diretoria e o Master podem ver as ausências de outra pessoa.';
export const REGISTRO_JUNTA_ONLY_RESPONSAVEL =
  'Apenas o responsável pelo registro, a Diretoria ou o Master podem mudar a Junta. Assuma o registro primeiro.';

/** The answer of a 404 per resource (the same words as an id that does not exist). */
export const RECORD_NOT_FOUND: Readonly<Record<RecordResource, string>> = {
  registro: 'Registro não encontrado.',
  documento: 'Documento não encontrado.',
  cobranca: 'Cobrança não encontrada.',
  cliente: 'Cliente não encontrado.',
  agendaEvento: 'Evento não encontrado.',
  usuario: 'Usuário não encontrado.',
};

const OK: RecordDecision = { ok: true };
const NOT_FOUND: RecordDecision = { ok: false, status: 404 };

/**
 * The client company a principal is, when it is one: a client acts only on its own data. Null for
 * staff. Services read it to name the caller's own records; who may do what stays in the table.
 */
export function clienteOf(p: (Principal & { id: string }) | null | undefined): string | null {
  return p && p.role === 'cliente' ? p.id : null;
}

/** The client's member who acts (ADR 0058); undefined for staff. */
export function membroOf<M>(p: (Principal & { membro?: M }) | null | undefined): M | undefined {
  return p && p.role === 'cliente' ? p.membro : undefined;
}

/** Which side of the firm acts: its client ('cliente') or its staff ('equipe'), as documents and histories record it. */
export function sideOf(p: Principal): 'cliente' | 'equipe' {
  return p.role === 'cliente' ? 'cliente' : 'equipe';
}

/** Who works one registro: its responsible, or whoever may assign any registro (the board). */
function worksThisRegistro(p: RecordPrincipal, r: RegistroAccessFields): boolean {
  return can(p, 'registros.assign') || r.responsavelId === p.id;
}

interface RecordRule<R extends RecordResource> {
  resource: R;
  /** One line for docs/permissions.md. */
  description: string;
  decide(p: RecordPrincipal, row: RecordRows[R]): RecordDecision;
}

function rule<R extends RecordResource>(r: RecordRule<R>): RecordRule<R> {
  return r;
}

/** The record actions, each with its rule. Seeing comes first: what one may not see is "not found". */
export const RECORD_RULES = {
  'registro.read': rule({
    resource: 'registro',
    description: 'See one registro: an associado its own and the unassigned, a client its own, the rest of the staff all',
    decide: (p, r) => (canSeeRegistro(p, r) ? OK : NOT_FOUND),
  }),
  'registro.status': rule({
    resource: 'registro',
    description: "Change a registro's status: its client (only to cancel it, by the status rules), its responsible, the board",
    decide: (p, r) => {
      if (!canSeeRegistro(p, r)) return NOT_FOUND;
      if (clienteOf(p) || worksThisRegistro(p, r)) return OK;
      return { ok: false, status: 403, reason: REGISTRO_ONLY_RESPONSAVEL };
    },
  }),
  'registro.etapa': rule({
    resource: 'registro',
    description: "Move a registro's stages: its responsible, the board",
    decide: (p, r) => {
      if (!canSeeRegistro(p, r)) return NOT_FOUND;
      return worksThisRegistro(p, r) ? OK : { ok: false, status: 403, reason: REGISTRO_ONLY_RESPONSAVEL };
    },
  }),
  'registro.junta': rule({
    resource: 'registro',
    description: "Change a registro's Junta: its responsible, the board",
    decide: (p, r) => {
      if (!canSeeRegistro(p, r)) return NOT_FOUND;
      return worksThisRegistro(p, r) ? OK : { ok: false, status: 403, reason: REGISTRO_JUNTA_ONLY_RESPONSAVEL };
    },
  }),
  'documento.read': rule({
    resource: 'documento',
    description: "See and download a document: whoever sees its registro; one without a registro, its client and the staff",
    decide: (p, d) => (canSeeDocumento(p, d, d.registro) ? OK : NOT_FOUND),
  }),
  'documento.delete': rule({
    resource: 'documento',
    description: 'Delete a document: the board any; its uploader before the other side opened it (409 after)',
    decide: (p, d) => (canSeeDocumento(p, d, d.registro) ? canDeleteDocumento(p, d) : NOT_FOUND),
  }),
  'cobranca.read': rule({
    resource: 'cobranca',
    description: 'See a charge, its PIX and receipts: its client, the staff with Finanças',
    decide: (p, c) => {
      const own = clienteOf(p);
      if (own) return c.clienteId === own ? OK : NOT_FOUND;
      return can(p, 'financas.read') ? OK : NOT_FOUND;
    },
  }),
  'cliente.read': rule({
    resource: 'cliente',
    description: "Name a client (its registros, its documents): the client itself, any staff member",
    decide: (p, c) => {
      const own = clienteOf(p);
      if (own) return c.id === own ? OK : NOT_FOUND;
      return can(p, 'staff') ? OK : NOT_FOUND;
    },
  }),
  'agendaEvento.read': rule({
    resource: 'agendaEvento',
    description: 'See an agenda event: who created it, who takes part in it, the board (agenda.all)',
    decide: (p, e) => (can(p, 'agenda.all') || e.criadoPorId === p.id || e.participa ? OK : NOT_FOUND),
  }),
  'agendaEvento.update': rule({
    resource: 'agendaEvento',
    description: 'Edit or delete an agenda event: who created it, the board (agenda.all); a participant only sees it',
    decide: (p, e) => {
      if (!(can(p, 'agenda.all') || e.criadoPorId === p.id || e.participa)) return NOT_FOUND;
      return can(p, 'agenda.all') || e.criadoPorId === p.id ? OK : { ok: false, status: 403, reason: EVENTO_NOT_YOURS };
    },
  }),
  'usuario.ausencias': rule({
    resource: 'usuario',
    description: "Read a staff member's absences: the member itself, whoever holds equipe (the board)",
    decide: (p, u) => (u.id === p.id || can(p, 'equipe') ? OK : { ok: false, status: 403, reason: AUSENCIAS_NOT_YOURS }),
  }),
} as const;

export type RecordAction = keyof typeof RECORD_RULES;
export const RECORD_ACTIONS = Object.keys(RECORD_RULES) as RecordAction[];

/** The resource a record action is about. */
export type ResourceOf<A extends RecordAction> = (typeof RECORD_RULES)[A]['resource'];

/** Deny by default: no principal or an unknown action says "not found". */
export function decideRecord<A extends RecordAction>(
  p: RecordPrincipal | null | undefined,
  action: A,
  row: RecordRows[ResourceOf<A>],
): RecordDecision {
  if (!p || !Object.prototype.hasOwnProperty.call(RECORD_RULES, action)) return NOT_FOUND;
  const r = RECORD_RULES[action] as unknown as RecordRule<ResourceOf<A>>;
  return r.decide(p, row);
}
