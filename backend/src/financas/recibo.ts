import PDFDocument from 'pdfkit';
import { formatBRL, maskCnpj, formatDateBR, FORMA_PAGAMENTO_LABELS, FirmConfig, FormaPagamento, LINHA_TIPO_LABELS, LinhaTipo } from '@veritas/common';
import { valorPorExtenso } from './extenso';

export interface ReciboDados {
  firm: FirmConfig;
  numero: string;
  cliente: { razaoSocial: string; cnpj: string };
  linhas: { descricao: string; tipo: LinhaTipo; valorCentavos: number }[];
  totalCentavos: number;
  pagamento: { data: string; valorCentavos: number; forma: FormaPagamento; nota: string | null };
  saldoCentavos: number;
  registroNumero: string | null;
}

const brl = (c: number) => formatBRL(c / 100).replace(/\u00a0/g, ' ');

/**
 * The receipt of one payment as a PDF (pdfkit): the firm's identity, the client, the charge's
 * lines, the amount in figures and in words. Uncompressed: a page of text is a few kilobytes, and
 * the text stays greppable for whoever audits it.
 */
export function reciboPdf(d: ReciboDados): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, compress: false, info: { Title: `Recibo ${d.numero}`, Author: d.firm.brandName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text(d.firm.brandName);
  doc.font('Helvetica').fontSize(9).text(`${d.firm.address} — ${d.firm.city}/${d.firm.state} — CEP ${d.firm.cep}`);
  doc.text(`${d.firm.phone} — ${d.firm.email}`);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(14).text(`RECIBO Nº ${d.numero}`, { align: 'center' });
  doc.moveDown();
  doc.font('Helvetica').fontSize(11);
  const extenso = valorPorExtenso(d.pagamento.valorCentavos);
  doc.text(`Recebemos de ${d.cliente.razaoSocial}, CNPJ ${maskCnpj(d.cliente.cnpj)}, a importância de ${brl(d.pagamento.valorCentavos)}`);
  doc.text(`(${extenso}),`);
  doc.text(
    `em ${formatDateBR(d.pagamento.data)}, por ${FORMA_PAGAMENTO_LABELS[d.pagamento.forma] ?? d.pagamento.forma}, referente a` +
      (d.registroNumero ? ` o registro ${d.registroNumero}:` : ':'),
  );
  doc.moveDown();
  for (const l of d.linhas) doc.text(`• ${l.descricao} (${LINHA_TIPO_LABELS[l.tipo] ?? l.tipo}): ${brl(l.valorCentavos)}`);
  doc.moveDown();
  doc.text(`Total da cobrança: ${brl(d.totalCentavos)}`);
  doc.text(`Saldo após este pagamento: ${brl(d.saldoCentavos)}`);
  if (d.pagamento.nota) doc.text(`Observação: ${d.pagamento.nota}`);
  doc.moveDown(2);
  doc.text(`${d.firm.city}, ${formatDateBR(d.pagamento.data)}.`);
  doc.moveDown(2);
  doc.text(d.firm.brandName, { align: 'center' });
  doc.end();
  return done;
}
