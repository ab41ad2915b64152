import { documentosNoMemo, memoNomeia, nomeEssencial, propor, type ClienteConhecido, type CobrancaAberta } from './conciliacao';

const clientes = new Map<string, ClienteConhecido>([
  ['ipe', { id: 'ipe', cnpj: '11222333000181', razaoSocial: 'Construtora Ipê Ltda', nomeFantasia: 'Ipê Obras' }],
  ['sol', { id: 'sol', cnpj: '12ABC34501DE35', razaoSocial: 'Padaria Sol Nascente ME', nomeFantasia: null }],
]);
const cob = (id: string, clienteId: string, saldoCentavos: number, vencimento: string, txid = ''): CobrancaAberta => ({ id, clienteId, saldoCentavos, vencimento, txid });

describe('bank reconciliation (issue 52)', () => {
  it('finds CNPJs (masked, bare, alphanumeric) and CPFs in a memo, and names without accents, case or suffixes', () => {
    expect(documentosNoMemo('PIX DE 11.222.333/0001-81 REF NOV').sort()).toEqual(['11222333000181']);
    expect(documentosNoMemo('TED 11222333000181')).toEqual(['11222333000181']);
    expect(documentosNoMemo('PIX 12.ABC.345/01DE-35')).toEqual(['12ABC34501DE35']);
    expect(documentosNoMemo('PIX 123.456.789-09')).toEqual(['12345678909']);
    expect(documentosNoMemo('PIX 1234')).toEqual([]);
    expect(nomeEssencial('Construtora Ipê Ltda.')).toBe('CONSTRUTORA IPE');
    expect(memoNomeia('PIX RECEBIDO CONSTRUTORA IPE LTDA', clientes.get('ipe')!)).toBe(true);
    expect(memoNomeia('pix ipê obras', clientes.get('ipe')!)).toBe(true);
    // A part of a word is not the name.
    expect(memoNomeia('PIX IPEOBRASIL', clientes.get('ipe')!)).toBe(false);
    expect(memoNomeia('FULANO DE TAL', clientes.get('ipe')!)).toBe(false);
  });

  it('a credit of the exact amount with the client CNPJ, paid 14 days early, is matched and pre-selected', () => {
    const p = propor({ data: '2026-11-01', valorCentavos: 50000, memo: 'CONSTRUTORA IPE — PIX 11.222.333/0001-81' }, [cob('a', 'ipe', 50000, '2026-11-15'), cob('b', 'sol', 50000, '2026-11-02')], clientes);
    expect([p.situacao, p.cobrancaId, p.preSelecionada]).toEqual(['documento', 'a', true]);
  });

  it('an unknown payer with another client charge of the same amount and date is offered, never pre-selected', () => {
    const p = propor({ data: '2026-11-01', valorCentavos: 50000, memo: 'FULANO DE TAL' }, [cob('b', 'sol', 50000, '2026-11-02')], clientes);
    expect([p.situacao, p.cobrancaId, p.preSelecionada]).toEqual(['valor', 'b', false]);
  });

  it('a name match is offered, not ticked; a txid wins over everything and is ticked', () => {
    const byName = propor({ data: '2026-11-01', valorCentavos: 50000, memo: 'PIX PADARIA SOL NASCENTE' }, [cob('b', 'sol', 50000, '2026-11-20'), cob('c', 'ipe', 50000, '2026-11-01')], clientes);
    expect([byName.situacao, byName.cobrancaId, byName.preSelecionada]).toEqual(['nome', 'b', false]);
    const txid = 'VRT' + 'A'.repeat(22);
    const byTxid = propor({ data: '2026-11-01', valorCentavos: 1, memo: `PIX ${txid}` }, [cob('b', 'sol', 50000, '2026-11-20'), cob('t', 'ipe', 999, '2026-12-30', txid)], clientes);
    expect([byTxid.situacao, byTxid.cobrancaId, byTxid.preSelecionada]).toEqual(['txid', 't', true]);
  });

  it('partial and over-payments of an identified payer are offered with the difference; amount-only needs the ±5 day window', () => {
    const partial = propor({ data: '2026-11-01', valorCentavos: 20000, memo: 'PIX 11222333000181' }, [cob('a', 'ipe', 50000, '2026-11-10')], clientes);
    expect([partial.situacao, partial.cobrancaId, partial.preSelecionada, partial.candidatos[0].diferencaCentavos]).toEqual(['documento', 'a', false, -30000]);
    const over = propor({ data: '2026-11-01', valorCentavos: 60000, memo: 'PIX 11222333000181' }, [cob('a', 'ipe', 50000, '2026-11-10')], clientes);
    expect(over.candidatos[0].diferencaCentavos).toBe(10000);
    const far = propor({ data: '2026-11-01', valorCentavos: 50000, memo: 'DEPOSITO' }, [cob('b', 'sol', 50000, '2026-11-07')], clientes);
    expect(far.situacao).toBe('sem-correspondencia');
  });

  it('two equally good candidates are ambiguous, nothing proposed', () => {
    const p = propor({ data: '2026-11-01', valorCentavos: 50000, memo: 'TED' }, [cob('a', 'ipe', 50000, '2026-11-01'), cob('b', 'sol', 50000, '2026-10-30')], clientes);
    expect([p.situacao, p.cobrancaId, p.preSelecionada, p.candidatos.length]).toEqual(['ambigua', null, false, 2]);
  });
});
