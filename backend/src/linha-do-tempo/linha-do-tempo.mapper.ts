import {
  avisoRegistroPath,
  ETAPA_STATUS_LABELS,
  FORMA_PAGAMENTO_LABELS,
  formatBRL,
  formatDateBR,
  LINHA_DO_TEMPO_TIPO_LABELS,
  type LinhaDoTempoItem,
  mailboxMessagePath,
  MENU_ITEMS,
  type Principal,
  REGISTRO_STATUS_LABELS,
} from '@veritas/common';
import { toIso } from '../platform/database';
import type { LinhaRow } from './linha-do-tempo.sql';

const label = (labels: Readonly<Record<string, string>>, v: string | null) => (v && Object.hasOwn(labels, v) ? labels[v] : (v ?? ''));
const reais = (centavos: LinhaRow['n']) => formatBRL(Number(centavos ?? 0) / 100);
/** " (registro 2026-000742)" after a line about a client's thing that belongs to a registro. */
const doRegistro = (r: LinhaRow) => (r.num ? ` (registro ${r.num})` : '');

/** The line's sentence, in pt-BR. */
export function tituloDaLinha(r: LinhaRow): string {
  switch (r.k) {
    case 'registro':
      return r.ev === 'status'
        ? `Registro ${r.num} mudou de ${label(REGISTRO_STATUS_LABELS, r.b) || 'status'} para ${label(REGISTRO_STATUS_LABELS, r.c)}`
        : `Registro ${r.num} aberto: ${r.a}`;
    case 'etapa':
      return `Registro ${r.num}, etapa ${r.a}: ${label(ETAPA_STATUS_LABELS, r.c)}`;
    case 'exigencia':
      return r.ev === 'cumprida'
        ? `Exigência cumprida no registro ${r.num}: ${r.a}`
        : `Exigência no registro ${r.num}: ${r.a} (prazo ${formatDateBR(r.b)})`;
    case 'checklist':
      if (r.ev === 'enviado') return `Documento "${r.a}" enviado para o registro ${r.num}`;
      return r.b === 'aceito' ? `Documento "${r.a}" aceito no registro ${r.num}` : `Documento "${r.a}" recusado no registro ${r.num}${r.c ? `: ${r.c}` : ''}`;
    case 'documento':
      return `Documento "${r.a}" enviado ${r.c === 'cliente' ? 'pelo cliente' : `por ${r.b}`}${doRegistro(r)}`;
    case 'cobranca':
      return `Cobrança de ${reais(r.n)} com vencimento em ${formatDateBR(r.b)}${doRegistro(r)}`;
    case 'pagamento':
      return `Pagamento de ${reais(r.n)} recebido em ${formatDateBR(r.b)} (${label(FORMA_PAGAMENTO_LABELS, r.a)})${doRegistro(r)}`;
    case 'agenda':
      return `Compromisso: ${r.a}${doRegistro(r)}`;
    case 'mensagem':
      return `Mensagem ${r.c === 'cliente' ? 'do cliente' : `de ${r.b}`} no registro ${r.num}: ${r.a}`;
    case 'email':
      return r.ref === 'sent' ? `E-mail enviado: ${r.a || '(sem assunto)'}` : `E-mail recebido de ${r.b || r.c}: ${r.a || '(sem assunto)'}`;
  }
}

/** The /painel path that opens the line's record for this reader. */
export function linkDaLinha(r: LinhaRow, reader: Principal, clienteId: string): string {
  switch (r.k) {
    case 'registro':
    case 'etapa':
    case 'exigencia':
    case 'checklist':
    case 'mensagem':
      return avisoRegistroPath(reader, r.rid ?? '');
    case 'documento': {
      const filter = r.rid ? { clienteId, registroId: r.rid } : { clienteId };
      return `${MENU_ITEMS.documentos.path}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;
    }
    case 'cobranca':
      return `${MENU_ITEMS.financas.path}/${r.sid}/show`;
    case 'pagamento':
      return `${MENU_ITEMS.financas.path}/${r.ref}/show`;
    case 'agenda':
      return `${MENU_ITEMS.agenda.path}?${new URLSearchParams({ evento: r.sid }).toString()}`;
    case 'email':
      return mailboxMessagePath(r.sid, r.ref ?? 'inbox');
  }
}

export function toLinhaDoTempoItem(r: LinhaRow, reader: Principal, clienteId: string): LinhaDoTempoItem {
  return {
    _id: r.ev ? `${r.k}:${r.sid}:${r.ev}` : `${r.k}:${r.sid}`,
    tipo: r.k,
    tipoLabel: LINHA_DO_TEMPO_TIPO_LABELS[r.k],
    data: toIso(r.data) ?? '',
    titulo: tituloDaLinha(r),
    registroId: r.rid,
    protocolo: r.num,
    link: linkDaLinha(r, reader, clienteId),
  };
}
