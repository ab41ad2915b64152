import { hasError, parsePix } from 'pix-utils';
import { centavosToReais, cobrancaTxid, DEFAULT_FIRM, pixAscii, reaisToCentavos } from '@veritas/common';
import { valorPorExtenso } from './extenso';
import { looksLikeOfx, ofxAmountToCentavos, readOfx } from './ofx';
import { pixPayload, readStaticPix } from './pix';
import { reciboPdf } from './recibo';
import { pdfText } from './pdf-text';

describe('centavos', () => {
  it.each([
    [1234.5, 123450],
    [0.29, 29],
    [0.01, 1],
    [19.99, 1999],
    [1e6, 100000000],
    [1.005, null],
    [NaN, null],
    ['10', null],
  ])('reaisToCentavos(%p) = %p', (v, c) => expect(reaisToCentavos(v)).toBe(c));

  it('sums in centavos and shows reais exactly (0.1 + 0.2 in money is 0.30)', () => {
    const total = [0.1, 0.2].map((v) => reaisToCentavos(v) as number).reduce((a, b) => a + b, 0);
    expect(total).toBe(30);
    expect(centavosToReais(total)).toBe(0.3);
    expect(centavosToReais(123450)).toBe(1234.5);
  });
});

describe('valor por extenso (extenso, modo moeda)', () => {
  it.each([
    [123450, 'mil duzentos e trinta e quatro reais e cinquenta centavos'],
    [100, 'um real'],
    [1, 'um centavo'],
    [100000000, 'um milhão de reais'],
    [200, 'dois reais'],
    [100110, 'mil e um reais e dez centavos'],
    [50, 'cinquenta centavos'],
    [100000001, 'um milhão de reais e um centavo'],
    [300000000000, 'três bilhões de reais'],
    // Corrected: the library writes "de reais" after any amount over a million.
    [150000000, 'um milhão e quinhentos mil reais'],
    [100010000, 'um milhão e cem reais'],
    [250000050, 'dois milhões e quinhentos mil reais e cinquenta centavos'],
  ])('%p centavos → "%s"', (c, words) => expect(valorPorExtenso(c)).toBe(words));
});

describe('PIX BR Code (pix-utils)', () => {
  // Manual de Padrões para Iniciação do Pix (Banco Central do Brasil), example of a static QR code
  // without amount; CRC16-CCITT 1D3D. pix-utils parses it and checks its CRC.
  const BCB_EXEMPLO =
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

  it("accepts the Central Bank's published example and its CRC, and refuses it with the CRC altered", () => {
    const ok = readStaticPix(BCB_EXEMPLO);
    expect(ok).not.toBeNull();
    if (!ok) return;
    expect([ok.pixKey, ok.merchantName, ok.merchantCity, ok.txid]).toEqual(['123e4567-e12b-12d1-a456-426655440000', 'Fulano de Tal', 'BRASILIA', '***']);
    const bad = parsePix(BCB_EXEMPLO.slice(0, -4) + '1D3E');
    expect(hasError(bad) && bad.message).toBe('invalid crc');
  });

  it('our payload parses back to the same key, amount and txid, with ASCII name and city within their lengths', () => {
    const txid = cobrancaTxid('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(txid).toMatch(/^[A-Z0-9]{1,25}$/);
    const payload = pixPayload({ chave: '123e4567-e12b-12d1-a456-426655440000', nome: 'Veritas Assessoria Empresarial Ltda', cidade: 'São José dos Campos' }, txid, 123450);
    expect(payload).toMatch(/^000201/);
    expect(payload).toMatch(/^[\x20-\x7e]+$/);
    const back = readStaticPix(payload);
    expect(back).not.toBeNull();
    if (!back) return;
    expect(back.pixKey).toBe('123e4567-e12b-12d1-a456-426655440000');
    expect(back.transactionAmount).toBe(1234.5);
    expect(back.txid).toBe(txid);
    expect(back.merchantName.length).toBeLessThanOrEqual(25);
    expect(back.merchantCity).toBe('SAO JOSE DOS CA');
  });

  it('pixAscii strips accents and anything outside printable ASCII', () => {
    expect(pixAscii('  Ação & Cia — São Paulo ', 40)).toBe('Acao & Cia  Sao Paulo'.replace('  ', ' '));
    expect(pixAscii('Ñandú', 3)).toBe('Nan');
  });
});

const ofx = (trns: string, header = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n') =>
  Buffer.from(
    `${header}<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>341<BRANCHID>0001<ACCTID>12345-6</BANKACCTFROM>` +
      `<BANKTRANLIST>${trns}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`,
    'latin1',
  );

describe('OFX (ofx-js)', () => {
  it('reads the credits only, with exact centavos, the date and the memo', async () => {
    const file = ofx(
      '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261120120000[-3:BRT]<TRNAMT>1234.50<FITID>A1<MEMO>PIX RECEBIDO VRT123</STMTTRN>' +
        '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261121<TRNAMT>-10.00<FITID>A2<MEMO>TARIFA</STMTTRN>' +
        '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261122<TRNAMT>0.29<FITID>A3<NAME>Fulano</STMTTRN>',
    );
    const r = await readOfx(file);
    expect(r.conta).toBe('341/0001/12345-6');
    expect(r.creditos).toEqual([
      { fitid: 'A1', data: '2026-11-20', valorCentavos: 123450, memo: 'PIX RECEBIDO VRT123' },
      { fitid: 'A3', data: '2026-11-22', valorCentavos: 29, memo: 'Fulano' },
    ]);
  });

  it('reads OFX 2 (XML) in UTF-8 too', async () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n' +
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF><BANKACCTFROM><BANKID>001</BANKID><ACCTID>123</ACCTID></BANKACCTFROM>' +
      '<BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261120</DTPOSTED><TRNAMT>15.50</TRNAMT><FITID>X1</FITID><MEMO>Pix São João</MEMO></STMTTRN>' +
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    expect(await readOfx(Buffer.from(xml))).toEqual({ conta: '001/123', creditos: [{ fitid: 'X1', data: '2026-11-20', valorCentavos: 1550, memo: 'Pix São João' }] });
  });

  it('refuses what is not OFX with a pt-BR 400', async () => {
    expect(looksLikeOfx(Buffer.from('%PDF-1.4'))).toBe(false);
    await expect(readOfx(Buffer.from('nome;valor\nx;1'))).rejects.toMatchObject({ status: 400 });
    await expect(readOfx(Buffer.from('OFXHEADER:100\n\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>'))).rejects.toMatchObject({ status: 400 });
    expect(ofxAmountToCentavos('1,5')).toBe(150);
    expect(ofxAmountToCentavos('1.234')).toBeNull();
  });
});

describe('recibo (pdfkit)', () => {
  it('is a PDF whose text carries the amount in figures and in words', async () => {
    const pdf = await reciboPdf({
      firm: DEFAULT_FIRM,
      numero: 'VRT1-1',
      cliente: { razaoSocial: 'Empresa Ação Ltda', cnpj: '11222333000181' },
      linhas: [{ descricao: 'Abertura de empresa', tipo: 'honorario', valorCentavos: 123450 }],
      totalCentavos: 123450,
      pagamento: { data: '2026-11-20', valorCentavos: 123450, forma: 'pix', nota: null },
      saldoCentavos: 0,
      registroNumero: '2026-000001',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('mil duzentos e trinta e quatro reais e cinquenta centavos');
    expect(text).toContain('R$ 1.234,50');
    expect(text).toContain('Empresa Ação Ltda');
  });
});
