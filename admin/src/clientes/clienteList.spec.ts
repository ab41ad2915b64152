import { CLIENTES_CSV, toCsv } from '@veritas/common';
import { bulkStatusMessage, isFiltered, toChange, type ClienteRecord } from './clienteList';

describe('isFiltered', () => {
  it('is false with no filter, blanks or the Todos tab, true with a search, a type or another tab', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ status: 'todos', q: '', tipoClienteId: null })).toBe(false);
    expect(isFiltered({ status: 'inativos' })).toBe(true);
    expect(isFiltered({ q: 'padaria' })).toBe(true);
    expect(isFiltered({ status: 'todos', tipoClienteId: 'abc' })).toBe(true);
  });
});

function cliente(overrides: Partial<ClienteRecord>): ClienteRecord {
  return {
    id: '1',
    _id: '1',
    razaoSocial: 'Padaria São João Ltda',
    nomeFantasia: 'Pão; de Açúcar',
    cnpj: '11.222.333/0001-81',
    email: 'contato@padaria.com.br',
    telefone: null,
    celularWhatsApp: '(11) 99999-8888',
    cidade: 'São Paulo',
    estado: 'SP',
    status: 'ativo',
    createdAt: '2026-03-05T15:00:00.000Z',
    ...overrides,
  } as ClienteRecord;
}

describe('the clients CSV (CLIENTES_CSV, the same in the browser and the server)', () => {
  it('writes pt-BR headers, dd/mm/aaaa dates and the status in words', () => {
    const csv = toCsv([cliente({}), cliente({ id: '2', razaoSocial: 'Oficina ME', nomeFantasia: null, status: 'inativo' })], CLIENTES_CSV);
    const [head, first, second] = csv.split('\r\n');
    expect(head).toBe('Razão Social;Nome Fantasia;CNPJ;CPF do fundador;E-mail;Telefone;Celular/WhatsApp;Cidade;Estado;Status;Data de Cadastro');
    expect(first).toBe('Padaria São João Ltda;"Pão; de Açúcar";11.222.333/0001-81;;contato@padaria.com.br;;(11) 99999-8888;São Paulo;SP;Ativo;05/03/2026');
    expect(second.split(';').slice(0, 2)).toEqual(['Oficina ME', '']);
    expect(second).toContain(';Inativo;');
  });
});

describe('bulk Ativar / Inativar', () => {
  it('changes only the clients not yet in that status', () => {
    const rows = [{ id: 'a', status: 'ativo' as const }, { id: 'b', status: 'inativo' as const }];
    expect(toChange(rows, 'inativo')).toEqual(['a']);
    expect(toChange(rows, 'ativo')).toEqual(['b']);
  });

  it('says how many changed, and names each refusal with the server reason', () => {
    const name = (id: string) => ({ a: 'Alfa Ltda', b: 'Beta ME' })[id];
    expect(bulkStatusMessage({ done: ['a', 'b'], failed: [] }, 'inativo', name)).toEqual({ type: 'success', text: '2 clientes inativados.' });
    expect(bulkStatusMessage({ done: ['a'], failed: [] }, 'ativo', name)).toEqual({ type: 'success', text: '1 cliente ativado.' });
    expect(bulkStatusMessage({ done: ['a'], failed: [{ id: 'b', message: 'Cliente não encontrado.' }] }, 'inativo', name)).toEqual({
      type: 'warning',
      text: '1 cliente inativado. Não foi possível inativar — Beta ME: Cliente não encontrado.',
    });
    expect(bulkStatusMessage({ done: [], failed: [{ id: 'z', message: 'Sem permissão.' }] }, 'ativo', name)).toEqual({
      type: 'error',
      text: 'Não foi possível ativar — z: Sem permissão.',
    });
  });
});
