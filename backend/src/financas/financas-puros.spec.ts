import { hasError, parsePix } from 'pix-utils';
import { centavosToReais, cobrancaTxid, DEFAULT_FIRM, pixAscii, reaisToCentavos } from '@veritas/common';
import { valorPorExtenso } from './extenso';
import { contaNormalizada, FITID_REPETIDO, looksLikeOfx, ofxAmountToCentavos, readOfx } from './ofx';
import { pixPayload, readStaticPix } from './pix';
import { reciboPdf, type ReciboDados } from './recibo';
import { PLACEHOLDER, pdfRuns } from './pdf-fonts';
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
    // The account without punctuation or leading zeros: the bank's identity of it.
    expect(r.conta).toBe('341/1/123456');
    expect(r.creditos).toEqual([
      { fitid: 'A1', data: '2026-11-20', valorCentavos: 123450, memo: 'PIX RECEBIDO VRT123', alerta: null },
      { fitid: 'A3', data: '2026-11-22', valorCentavos: 29, memo: 'Fulano', alerta: null },
    ]);
    expect(r.repetidasNoArquivo).toBe(0);
  });

  it('keeps both credits of a FITID the bank repeated with another amount, flagged; drops an identical repeat, counted', async () => {
    const t = (fitid: string, valor: string, dia = '20261120') => `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${dia}<TRNAMT>${valor}<FITID>${fitid}<MEMO>PIX</STMTTRN>`;
    const r = await readOfx(ofx(t('D1', '10.00') + t('D1', '25.00') + t('D1', '10.00') + t('D2', '5.00')));
    expect(r.creditos.map((c) => [c.fitid, c.valorCentavos, c.alerta === FITID_REPETIDO])).toEqual([
      ['D1', 1000, true],
      ['D1#2', 2500, true],
      ['D2', 500, false],
    ]);
    expect(r.repetidasNoArquivo).toBe(1);
    expect(contaNormalizada(['0341', '0001', '056789-0'])).toBe(contaNormalizada(['341', '1', '567890']));
    expect(contaNormalizada(['0', '00', 'AB-0012'])).toBe('0/0/AB0012');
  });

  it('reads OFX 2 (XML) in UTF-8 too', async () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n' +
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF><BANKACCTFROM><BANKID>001</BANKID><ACCTID>123</ACCTID></BANKACCTFROM>' +
      '<BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261120</DTPOSTED><TRNAMT>15.50</TRNAMT><FITID>X1</FITID><MEMO>Pix São João</MEMO></STMTTRN>' +
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    expect(await readOfx(Buffer.from(xml))).toEqual({
      conta: '1/123',
      creditos: [{ fitid: 'X1', data: '2026-11-20', valorCentavos: 1550, memo: 'Pix São João', alerta: null }],
      repetidasNoArquivo: 0,
    });
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
  const recibo = (razaoSocial: string, nota: string | null = null): ReciboDados => ({
    firm: DEFAULT_FIRM,
    numero: 'VRT1-1',
    cliente: { razaoSocial, cnpj: '11222333000181' },
    linhas: [{ descricao: 'Abertura de empresa', tipo: 'honorario', valorCentavos: 123450 }],
    totalCentavos: 123450,
    pagamento: { data: '2026-11-20', valorCentavos: 123450, forma: 'pix', nota },
    saldoCentavos: 0,
    registroNumero: '2026-000001',
  });
  // pdftotext breaks lines where the page wraps them.
  const flat = (s: string) => s.replace(/\s+/g, ' ');

  it('is a PDF whose text carries the amount in figures and in words', async () => {
    const pdf = await reciboPdf({ ...recibo('Empresa Ação Ltda'), firm: { ...DEFAULT_FIRM, cnpj: '11444777000161' }, registroServico: 'Abertura de Empresa' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(pdfText(pdf));
    expect(text).toContain('mil duzentos e trinta e quatro reais e cinquenta centavos');
    expect(text).toContain('R$ 1.234,50');
    expect(text).toContain('Empresa Ação Ltda');
    // Issue 52: the firm's name and CNPJ, the client's, the protocol and the service.
    expect(text).toContain(`${DEFAULT_FIRM.brandName}`);
    expect(text).toContain('CNPJ 11.444.777/0001-61');
    expect(text).toContain('CNPJ 11.222.333/0001-81');
    expect(text.replace(/\s+/g, ' ')).toContain('referente ao registro de protocolo 2026-000001, serviço Abertura de Empresa:');
  });

  it('says a charge without a registro is avulsa, and leaves out a CNPJ the firm did not configure', async () => {
    const pdf = await reciboPdf({
      firm: DEFAULT_FIRM,
      numero: 'VRT2-1',
      cliente: { razaoSocial: 'Empresa Ação Ltda', cnpj: '11222333000181' },
      linhas: [{ descricao: 'Consultoria', tipo: 'honorario', valorCentavos: 5000 }],
      totalCentavos: 5000,
      pagamento: { data: '2026-11-20', valorCentavos: 5000, forma: 'pix', nota: null },
      saldoCentavos: 0,
      registroNumero: null,
    });
    const text = pdfText(pdf);
    expect(text).toContain('referente à cobrança avulsa:');
    expect(text.match(/CNPJ/g)).toHaveLength(1);
  });

  it('reads back a payer with combining marks, CJK and emoji exactly (NFC), in a small PDF', async () => {
    // "José" with U+0301, a q with a tilde that has no precomposed form, Chinese, Japanese, emoji.
    const nome = 'Jose\u0301 Conceic\u0327a\u0303o 東京商事 株式会社 Café 😀 Ltda';
    const pdf = await reciboPdf(recibo(nome, 'Pago em 東京 🎉'));
    const text = flat(pdfText(pdf));
    expect(text).toContain(`Recebemos de ${nome.normalize('NFC')}, CNPJ 11.222.333/0001-81,`);
    expect(text).toContain('Observação: Pago em 東京 🎉');
    expect(text).not.toContain(PLACEHOLDER);
    // Embedded, subset fonts: the Latin, the CJK and the emoji font, a few glyphs each (ADR 0045).
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+NotoSans-Regular/);
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansSC/);
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+NotoEmoji/);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(pdf.length).toBeLessThan(120_000);
  });

  it('cuts a text into font runs, NFC first, and draws what no font has as U+FFFD', () => {
    expect(pdfRuns('Jose\u0301 東京 😀!')).toEqual([
      { font: 'regular', text: 'José ' },
      { font: 'cjk', text: '東京' },
      { font: 'regular', text: ' ' },
      { font: 'emoji', text: '😀' },
      { font: 'regular', text: '!' },
    ]);
    // A private-use character: in no font.
    expect(pdfRuns('a\uE000b', 'bold')).toEqual([{ font: 'bold', text: `a${PLACEHOLDER}b` }]);
  });
});
