import PDFDocument from 'pdfkit';
import { formatBRL, maskCnpj, maskCpf, formatDateBR, FORMA_PAGAMENTO_LABELS, FirmConfig, FormaPagamento, LINHA_TIPO_LABELS, LinhaTipo } from '@veritas/common';
import { valorPorExtenso } from './extenso';
import { pdfFontPath, pdfRuns, type PdfFontName } from './pdf-fonts';

export interface ReciboDados {
  firm: FirmConfig;
  numero: string;
  /** A founder whose company is being opened has a CPF and no CNPJ yet (issue 54). */
  cliente: { razaoSocial: string; cnpj: string | null; cpf?: string | null };
  linhas: { descricao: string; tipo: LinhaTipo; valorCentavos: number }[];
  totalCentavos: number;
  pagamento: { data: string; valorCentavos: number; forma: FormaPagamento; nota: string | null };
  saldoCentavos: number;
  registroNumero: string | null;
  /** The service of that registro (its name as charged). */
  registroServico?: string | null;
}

const brl = (c: number) => formatBRL(c / 100).replace(/\u00a0/g, ' ');

/** Draws a paragraph in the embedded fonts, switching font where a character needs another one. */
function write(doc: PDFKit.PDFDocument, text: string, size: number, opts: PDFKit.Mixins.TextOptions = {}, base: 'regular' | 'bold' = 'regular') {
  const runs = pdfRuns(text, base);
  runs.forEach((r, i) => doc.font(r.font).fontSize(size).text(r.text, { ...opts, continued: i < runs.length - 1 }));
}

/**
 * The receipt of one payment as a PDF (pdfkit): the firm's identity, the client, the charge's
 * lines, the amount in figures and in words. Uncompressed: a page of text is a few kilobytes, and
 * the text stays greppable for whoever audits it. The fonts are embedded Unicode fonts (ADR 0045),
 * subset to the glyphs used; the CJK and emoji ones are read only when a text needs them.
 */
export function reciboPdf(d: ReciboDados): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, compress: false, info: { Title: `Recibo ${d.numero}`, Author: d.firm.brandName } });
  for (const name of ['regular', 'bold', 'cjk', 'emoji'] as PdfFontName[]) doc.registerFont(name, pdfFontPath(name));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  write(doc, d.firm.brandName, 16, {}, 'bold');
  if (d.firm.cnpj) write(doc, `CNPJ ${maskCnpj(d.firm.cnpj)}`, 9);
  write(doc, `${d.firm.address} — ${d.firm.city}/${d.firm.state} — CEP ${d.firm.cep}`, 9);
  write(doc, `${d.firm.phone} — ${d.firm.email}`, 9);
  doc.moveDown(1.5);
  write(doc, `RECIBO Nº ${d.numero}`, 14, { align: 'center' }, 'bold');
  doc.moveDown();
  const extenso = valorPorExtenso(d.pagamento.valorCentavos);
  write(doc, `Recebemos de ${d.cliente.razaoSocial}${documentoDoCliente(d.cliente)}, a importância de ${brl(d.pagamento.valorCentavos)}`, 11);
  write(doc, `(${extenso}),`, 11);
  write(
    doc,
    `em ${formatDateBR(d.pagamento.data)}, por ${FORMA_PAGAMENTO_LABELS[d.pagamento.forma] ?? d.pagamento.forma}, referente ` +
      (d.registroNumero ? `ao registro de protocolo ${d.registroNumero}${d.registroServico ? `, serviço ${d.registroServico}` : ''}:` : 'à cobrança avulsa:'),
    11,
  );
  doc.moveDown();
  for (const l of d.linhas) write(doc, `• ${l.descricao} (${LINHA_TIPO_LABELS[l.tipo] ?? l.tipo}): ${brl(l.valorCentavos)}`, 11);
  doc.moveDown();
  write(doc, `Total da cobrança: ${brl(d.totalCentavos)}`, 11);
  write(doc, `Saldo após este pagamento: ${brl(d.saldoCentavos)}`, 11);
  if (d.pagamento.nota) write(doc, `Observação: ${d.pagamento.nota}`, 11);
  doc.moveDown(2);
  write(doc, `${d.firm.city}, ${formatDateBR(d.pagamento.data)}.`, 11);
  doc.moveDown(2);
  write(doc, d.firm.brandName, 11, { align: 'center' });
  if (d.firm.cnpj) write(doc, `CNPJ ${maskCnpj(d.firm.cnpj)}`, 11, { align: 'center' });
  doc.end();
  return done;
}

/** ", CNPJ 00.000.000/0000-00", or the founder's ", CPF 000.000.000-00" while the company is being opened. */
function documentoDoCliente(c: { cnpj: string | null; cpf?: string | null }): string {
  if (c.cnpj) return `, CNPJ ${maskCnpj(c.cnpj)}`;
  return c.cpf ? `, CPF ${maskCpf(c.cpf)}` : '';
}
