import type { RecordPrincipal } from './access';
import {
  AUSENCIAS_NOT_YOURS,
  clienteOf,
  membroOf,
  decideRecord,
  EVENTO_NOT_YOURS,
  RECORD_ACTIONS,
  RECORD_NOT_FOUND,
  RECORD_RULES,
  RecordAction,
  RecordDecision,
  REGISTRO_JUNTA_ONLY_RESPONSAVEL,
  REGISTRO_ONLY_RESPONSAVEL,
  sideOf,
} from './record-access';

const master: RecordPrincipal = { role: 'user', id: 'm', userType: 'master', permissions: ['Master'] };
const diretoria: RecordPrincipal = { role: 'user', id: 'd', userType: 'diretoria', permissions: ['Diretoria'] };
const associado: RecordPrincipal = { role: 'user', id: 'a', userType: 'associado', permissions: ['Associados'] };
const financeiro: RecordPrincipal = { role: 'user', id: 'f', userType: 'associado', permissions: ['Financeiro'] };
const cliente: RecordPrincipal = { role: 'cliente', id: 'c1' };

const OK: RecordDecision = { ok: true };
const NOT_FOUND: RecordDecision = { ok: false, status: 404 };
const forbidden = (reason: string): RecordDecision => ({ ok: false, status: 403, reason });

const ownedByA = { clienteId: 'c1', responsavelId: 'a' };
const unassigned = { clienteId: 'c1', responsavelId: null };
const otherAssociado = { clienteId: 'c2', responsavelId: 'x' };

describe('record rules', () => {
  it.each<[string, RecordPrincipal, RecordAction, object, RecordDecision]>([
    ['an associado sees its own registro', associado, 'registro.read', ownedByA, OK],
    ['an associado sees an unassigned one', associado, 'registro.read', unassigned, OK],
    ["an associado does not see another's (404)", associado, 'registro.read', otherAssociado, NOT_FOUND],
    ['Financeiro sees every registro', financeiro, 'registro.read', otherAssociado, OK],
    ['a client sees its own registro', cliente, 'registro.read', ownedByA, OK],
    ["a client does not see another client's (404)", cliente, 'registro.read', otherAssociado, NOT_FOUND],
    ['a client may ask to change its own status (the status rules decide)', cliente, 'registro.status', unassigned, OK],
    ["an associado may not move an unassigned registro's status (403)", associado, 'registro.status', unassigned, forbidden(REGISTRO_ONLY_RESPONSAVEL)],
    ['the responsible moves the status', associado, 'registro.status', ownedByA, OK],
    ['the board moves any status', diretoria, 'registro.status', otherAssociado, OK],
    ["Financeiro sees but may not move another's stages (403)", financeiro, 'registro.etapa', otherAssociado, forbidden(REGISTRO_ONLY_RESPONSAVEL)],
    ['a client never moves stages', cliente, 'registro.etapa', ownedByA, forbidden(REGISTRO_ONLY_RESPONSAVEL)],
    ["the Junta: an unassigned registro is not the associado's (403, its own words)", associado, 'registro.junta', unassigned, forbidden(REGISTRO_JUNTA_ONLY_RESPONSAVEL)],
    ["a charge: a client its own", cliente, 'cobranca.read', { clienteId: 'c1' }, OK],
    ["a charge: another client's is not found", cliente, 'cobranca.read', { clienteId: 'c2' }, NOT_FOUND],
    ['a charge: Financeiro any', financeiro, 'cobranca.read', { clienteId: 'c2' }, OK],
    ['a charge: an associado without Finanças none (404)', associado, 'cobranca.read', { clienteId: 'c2' }, NOT_FOUND],
    ['a client names only itself', cliente, 'cliente.read', { id: 'c2' }, NOT_FOUND],
    ['staff name any client', associado, 'cliente.read', { id: 'c2' }, OK],
    ['an event: a participant sees it', associado, 'agendaEvento.read', { criadoPorId: 'x', participa: true }, OK],
    ['an event: others do not (404)', associado, 'agendaEvento.read', { criadoPorId: 'x', participa: false }, NOT_FOUND],
    ['an event: a participant may not edit it (403)', associado, 'agendaEvento.update', { criadoPorId: 'x', participa: true }, forbidden(EVENTO_NOT_YOURS)],
    ['an event: its creator edits it', associado, 'agendaEvento.update', { criadoPorId: 'a', participa: false }, OK],
    ['an event: the board edits any', master, 'agendaEvento.update', { criadoPorId: 'x', participa: false }, OK],
    ['absences: one reads its own', associado, 'usuario.ausencias', { id: 'a' }, OK],
    ["absences: another's are the board's (403)", associado, 'usuario.ausencias', { id: 'x' }, forbidden(AUSENCIAS_NOT_YOURS)],
  ])('%s', (_label, p, action, row, expected) => {
    expect(decideRecord(p, action, row as never)).toEqual(expected);
  });

  it('documents follow their registro, and deleting adds the uploader rule', () => {
    const doc = { clienteId: 'c2', registroId: 'r', enviadoPor: 'equipe' as const, enviadoPorId: 'a', baixadoClienteEm: null, lidoEquipeEm: null };
    expect(decideRecord(associado, 'documento.read', { ...doc, registro: otherAssociado })).toEqual(NOT_FOUND);
    expect(decideRecord(associado, 'documento.read', { ...doc, registro: ownedByA })).toEqual(OK);
    expect(decideRecord(associado, 'documento.delete', { ...doc, registro: ownedByA })).toEqual(OK);
    expect(decideRecord(associado, 'documento.delete', { ...doc, baixadoClienteEm: new Date(), registro: ownedByA })).toMatchObject({ ok: false, status: 409 });
    expect(decideRecord(associado, 'documento.delete', { ...doc, registro: otherAssociado })).toEqual(NOT_FOUND);
    expect(decideRecord(diretoria, 'documento.delete', { ...doc, enviadoPorId: 'x', registro: otherAssociado })).toEqual(OK);
  });

  it('denies by default: no principal, an unknown action', () => {
    expect(decideRecord(null, 'registro.read', unassigned)).toEqual(NOT_FOUND);
    expect(decideRecord(master, 'registro.erase' as RecordAction, unassigned)).toEqual(NOT_FOUND);
  });

  it('every action names a resource with its 404 words and a description for docs/permissions.md', () => {
    for (const action of RECORD_ACTIONS) {
      const rule = RECORD_RULES[action];
      expect(RECORD_NOT_FOUND[rule.resource]).toMatch(/não encontrad[oa]\.$/);
      expect(rule.description.length).toBeGreaterThan(10);
      expect(action.startsWith(`${rule.resource}.`)).toBe(true);
    }
  });

  it('names the caller: its own client id and its side', () => {
    expect(clienteOf(cliente)).toBe('c1');
    expect(clienteOf(associado)).toBeNull();
    expect(sideOf(cliente)).toBe('cliente');
    expect(sideOf(master)).toBe('equipe');
  });

  it("names the client's member who acts, never a staff member's field of the same name", () => {
    const membro = { id: 'm1', nome: 'Ana Souza', papel: 'contador' };
    expect(membroOf({ ...cliente, membro })).toBe(membro);
    expect(membroOf(cliente)).toBeUndefined();
    expect(membroOf({ ...master, membro } as RecordPrincipal & { membro: typeof membro })).toBeUndefined();
    expect(membroOf(null)).toBeUndefined();
  });
});
