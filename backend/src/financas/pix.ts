import { createStaticPix, hasError, isStaticPix, parsePix } from 'pix-utils';
import * as QRCode from 'qrcode';
import { pixAscii, type PixCobrancaResponse } from '@veritas/common';
import type { FinancasConfig } from '../platform/config';

/** BR Code limits for the merchant fields (EMV MPM tags 59 and 60). */
export const PIX_NOME_MAX = 25;
export const PIX_CIDADE_MAX = 15;

/** The PIX of a charge, as GET /api/cobrancas/:id/pix answers it. */
export type { PixCobrancaResponse as PixCobranca } from '@veritas/common';

/**
 * The static BR Code (EMV QRCPS-MPM, GUI br.gov.bcb.pix, CRC16-CCITT) of an amount, made by
 * pix-utils; beneficiary name and city reduced to ASCII within the standard's lengths.
 */
export function pixPayload(pix: FinancasConfig['pix'], txid: string, centavos: number): string {
  const code = createStaticPix({
    merchantName: pixAscii(pix.nome, PIX_NOME_MAX) || 'BENEFICIARIO',
    merchantCity: pixAscii(pix.cidade, PIX_CIDADE_MAX) || 'BRASIL',
    pixKey: pix.chave,
    transactionAmount: centavos / 100,
    txid,
  });
  if (hasError(code)) throw new Error(`Configuração PIX inválida (FIRM_PIX_*): ${code.message}`);
  return code.toBRCode();
}

export async function pixCobranca(pix: FinancasConfig['pix'], txid: string, centavos: number): Promise<PixCobrancaResponse> {
  const payload = pixPayload(pix, txid, centavos);
  const qrSvg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { payload, qrSvg };
}

/** A BR Code read back by pix-utils (CRC checked); null when it is invalid or not a static code. */
export function readStaticPix(payload: string): { pixKey: string; transactionAmount: number; txid: string; merchantName: string; merchantCity: string } | null {
  const p = parsePix(payload);
  if (hasError(p) || !isStaticPix(p)) return null;
  return { pixKey: p.pixKey, transactionAmount: p.transactionAmount ?? 0, txid: p.txid ?? '', merchantName: p.merchantName, merchantCity: p.merchantCity };
}
