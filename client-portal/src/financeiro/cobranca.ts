import { COBRANCA_STATUS_LABELS, type CobrancaDetalheResponse, formatBRL } from '@veritas/common';

/** What a charge is called on screen: its total ("Cobrança de R$ 120,00"). */
export const cobrancaNome = (c: CobrancaDetalheResponse) => `Cobrança de ${formatBRL(c.total)}`;

/**
 * Its title (issue 58): what the charge is for, as the firm names it: the registro it charges
 * ("Registro 2026-0012"), else its own protocol, the txid the PIX carries ("Cobrança VRT…"). Its
 * lines are listed in its dialog, never joined into a title.
 */
export const cobrancaTitulo = (c: CobrancaDetalheResponse) => (c.registroNumero ? `Registro ${c.registroNumero}` : `Cobrança ${c.txid}`);

/** Its state as the client reads it: an open charge past its due date is "Vencida". */
export const cobrancaStatus = (c: CobrancaDetalheResponse) => COBRANCA_STATUS_LABELS[c.vencida ? 'vencida' : c.status];

/** Whether the client can still pay it (PIX). */
export const aPagar = (c: CobrancaDetalheResponse) => c.status === 'aberta' && c.saldo > 0;
