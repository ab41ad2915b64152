import { exportUrl } from './exportMethods';

describe('exportUrl', () => {
  it("carries the list's filter and sort, and no range (the whole list)", () => {
    const url = new URL(exportUrl('registros', { filter: { status: 'pendente', q: 'São João' }, sort: { field: 'numero', order: 'DESC' } }), 'http://x');
    expect(url.pathname).toBe('/api/registros/exportar');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ status: 'pendente', q: 'São João' });
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['numero', 'DESC']);
    expect(url.searchParams.has('range')).toBe(false);
  });

  it("sorts by the server's _id when react-admin sorts by id", () => {
    const url = new URL(exportUrl('clientes', { filter: {}, sort: { field: 'id', order: 'ASC' } }), 'http://x');
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['_id', 'ASC']);
  });
});
