import { BadRequestException } from '@nestjs/common';

// ofx-js 0.2 (CommonJS; 1.x is ESM-only, which this CommonJS build cannot load) ships no types.
const { parse: parseOfxText } = require('ofx-js') as { parse(text: string): Promise<{ header: Record<string, string>; OFX: Record<string, any> }> };

export const OFX_MAX_BYTES = 1024 * 1024;
export const OFX_INVALIDO = 'Arquivo inválido: envie um extrato bancário no formato OFX (exportado pelo internet banking).';

export interface OfxCredito {
  fitid: string;
  /** 'YYYY-MM-DD' */
  data: string;
  valorCentavos: number;
  memo: string;
  /** Set when the file gave this FITID to more than one credit (issue 52): what the bookkeeper should check. */
  alerta: string | null;
}

export interface OfxExtrato {
  conta: string;
  creditos: OfxCredito[];
  /** Credits written twice in the file (same FITID, date and amount): kept once. */
  repetidasNoArquivo: number;
}

/** The FITID a second credit of a different amount under one FITID is kept with: the same file always gives the same. */
export const FITID_REPETIDO = 'O banco repetiu este FITID no arquivo com outro valor: confira no extrato antes de confirmar.';

/**
 * The bank's identity of an account: BANKID/BRANCHID/ACCTID each without punctuation or leading zeros
 * ("0341/1234/056789-0" and "341/1234/567890" are one account), so a statement exported twice with the
 * account written differently still dedupes on (conta, FITID).
 */
export function contaNormalizada(parts: readonly unknown[]): string {
  const norm = parts
    .filter((v) => v !== undefined && v !== null && String(v).trim() !== '')
    .map((v) => String(v).toUpperCase().replace(/[^0-9A-Z]/g, '').replace(/^0+(?=.)/, ''));
  return norm.join('/').slice(0, 60);
}

/** OFX 1.x starts with its SGML header, OFX 2.x is XML with an <OFX> root. */
export function looksLikeOfx(buf: Buffer): boolean {
  const head = buf.subarray(0, 4096).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  if (/^OFXHEADER\s*:/i.test(head)) return true;
  return /^<\?xml[^>]*\?>/i.test(head) && /<\?OFX\s|<OFX>/i.test(head);
}

/** A list that the parser gives as one object when it has a single element. */
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** "-12.34", "1234,5", "+100" → centavos, exactly; null when it is not an amount. */
export function ofxAmountToCentavos(raw: unknown): number | null {
  const m = /^\s*([+-]?)(\d{1,12})(?:[.,](\d{1,2}))?\s*$/.exec(String(raw ?? ''));
  if (!m) return null;
  const c = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -c : c;
}

/** DTPOSTED "20261120120000[-3:BRT]" → "2026-11-20". */
function ofxDate(raw: unknown): string | null {
  const m = /^\s*(\d{4})(\d{2})(\d{2})/.exec(String(raw ?? ''));
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/**
 * The credits (TRNAMT > 0) of the bank statements in an OFX file, read by ofx-js. Anything that is
 * not an OFX bank statement is a pt-BR 400.
 */
export async function readOfx(buf: Buffer): Promise<OfxExtrato> {
  if (!looksLikeOfx(buf)) throw new BadRequestException(OFX_INVALIDO);
  // OFX 1.x files from Brazilian banks are usually CHARSET 1252; UTF-8 ones say so.
  const text = /ENCODING:\s*UTF-?8|encoding="utf-?8"/i.test(buf.subarray(0, 1024).toString('latin1')) ? buf.toString('utf8') : buf.toString('latin1');
  let parsed: { OFX?: Record<string, any> };
  try {
    parsed = await parseOfxText(text);
  } catch {
    throw new BadRequestException(OFX_INVALIDO);
  }
  const statements = asList(parsed?.OFX?.BANKMSGSRSV1?.STMTTRNRS).map((t: any) => t?.STMTRS).filter(Boolean);
  if (!statements.length) throw new BadRequestException('O arquivo OFX não contém extrato de conta bancária (BANKMSGSRSV1).');
  let conta = '';
  const creditos: OfxCredito[] = [];
  const porFitid = new Map<string, OfxCredito[]>();
  let repetidasNoArquivo = 0;
  for (const st of statements) {
    const acct = st.BANKACCTFROM ?? {};
    conta ||= contaNormalizada([acct.BANKID, acct.BRANCHID, acct.ACCTID]);
    for (const t of asList<any>(st.BANKTRANLIST?.STMTTRN)) {
      const valorCentavos = ofxAmountToCentavos(t?.TRNAMT);
      const data = ofxDate(t?.DTPOSTED);
      const fitid = String(t?.FITID ?? '').trim();
      if (valorCentavos === null || !data || !fitid) throw new BadRequestException('O arquivo OFX tem lançamento sem FITID, data ou valor válidos.');
      if (valorCentavos <= 0) continue;
      const memo = [t.NAME, t.MEMO].filter((v) => typeof v === 'string' && v.trim()).join(' — ').slice(0, 500);
      const id = fitid.slice(0, 110);
      const mesmos = porFitid.get(id) ?? [];
      if (mesmos.some((c) => c.valorCentavos === valorCentavos && c.data === data)) {
        repetidasNoArquivo++;
        continue;
      }
      const credito: OfxCredito = { fitid: mesmos.length ? `${id}#${mesmos.length + 1}` : id, data, valorCentavos, memo, alerta: null };
      if (mesmos.length) for (const c of [...mesmos, credito]) c.alerta = FITID_REPETIDO;
      porFitid.set(id, [...mesmos, credito]);
      creditos.push(credito);
    }
  }
  return { conta: conta || 'sem-conta', creditos, repetidasNoArquivo };
}
