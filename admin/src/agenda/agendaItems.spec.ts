import type { AgendaItemResponse, Principal } from '@veritas/common';
import { AUSENTE_COLOR, itemPath, toEventInput } from './agendaItems';

const item = (over: Partial<AgendaItemResponse>): AgendaItemResponse => ({
  id: 'prazo-registro-r1',
  kind: 'prazo-registro',
  titulo: 'Prazo: 2026-000001',
  inicio: '2027-03-01',
  fim: '2027-03-02',
  allDay: true,
  link: '/painel/meu-registros/r1',
  uid: 'prazo-r1@veritas',
  ...over,
});
const staff = (userType: Principal['userType'], permissions: string[] = []): Principal => ({ role: 'user', userType, permissions });

describe('where an agenda item opens for its reader', () => {
  it.each([
    ['an associado opens a registro on Meus Registros', staff('associado'), item({ link: '/painel/registros/r1' }), '/meu-registros/r1'],
    ['the board opens it on the registros list', staff('diretoria'), item({}), '/registros/r1'],
    ['a stage deadline too', staff('associado'), item({ kind: 'prazo-etapa', id: 'prazo-etapa-e1', link: '/painel/meu-registros/r9' }), '/meu-registros/r9'],
    ['a charge opens its details for Finanças', staff('associado', ['Financeiro']), item({ kind: 'cobranca', id: 'cobranca-c7', link: '/painel/financas' }), '/financas/c7/show'],
    ['nowhere for whoever does not see Finanças', staff('associado'), item({ kind: 'cobranca', id: 'cobranca-c7', link: '/painel/financas' }), null],
    ['nowhere for a holiday', staff('master'), item({ kind: 'feriado', link: '/painel/agenda' }), null],
  ])('%s', (_name, reader, it, path) => {
    expect(itemPath(it, reader)).toBe(path);
  });

  it('gives the chip its address and says when the responsible is away', () => {
    const e = toEventInput(item({ ausente: true }), '/painel/meu-registros/r1', (t) => `${t} (responsável ausente)`);
    expect(e).toMatchObject({ url: '/painel/meu-registros/r1', title: 'Prazo: 2026-000001 (responsável ausente)', backgroundColor: AUSENTE_COLOR });
    expect(toEventInput(item({ kind: 'feriado' }), null, (t) => t)).not.toHaveProperty('url');
  });
});
