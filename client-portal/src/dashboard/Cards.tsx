import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PORTAL_PATHS } from '@veritas/common';
import type { ListParams, ListResult } from '../lib/api';
import { queries } from '../lib/queries';
import { useOpenDialog } from '../portal/navigation';
import { usePode } from '../membros/capacidades';

/** Counts are the lists' totals: one row asked for, the total read. */
const ONE = { from: 0, to: 0 };
const count = (filter: ListParams['filter'] = {}): ListParams => ({ filter, range: ONE });

const total = (l: { data?: ListResult<unknown> }) => (l.data ? String(l.data.total) : '–');

/** The dashboard's cards (§2.15, issue 12): registros, documents and charges with their counts, each leading to its tab, and a new request. */
export function Cards() {
  const navigate = useNavigate();
  const open = useOpenDialog();
  const registros = useQuery(queries.registros(count()));
  const abertos = useQuery(queries.registros(count({ status: ['pendente', 'andamento'] })));
  // A member sees (and asks for) only what its capacities allow (issue 54).
  const [verDocs, verCobrancas, solicitar] = [usePode('ver_documentos'), usePode('cobrancas'), usePode('solicitar')];
  const documentos = useQuery({ ...queries.documentos(count()), enabled: verDocs });
  const novos = useQuery({ ...queries.documentos(count({ enviadoPor: 'equipe', baixado: false })), enabled: verDocs });
  // Issue 12: the charges still to pay, and of those the late ones.
  const cobrancasAbertas = useQuery({ ...queries.cobrancas(count({ status: 'aberta' })), enabled: verCobrancas });
  const cobrancasVencidas = useQuery({ ...queries.cobrancas(count({ status: 'vencida' })), enabled: verCobrancas });

  return (
    <div className="cards">
      <button type="button" className="stat-card" onClick={() => navigate(PORTAL_PATHS.registros)}>
        <span className="stat-card__title">Meus Registros</span>
        <span className="stat-card__number">{total(registros)}</span>
        <span className="stat-card__sub">{abertos.data ? `${abertos.data.total} em aberto` : ' '}</span>
      </button>
      {verDocs && (
      <button type="button" className="stat-card" onClick={() => navigate(PORTAL_PATHS.documentos)}>
        <span className="stat-card__title">Documentos</span>
        <span className="stat-card__number">{total(documentos)}</span>
        <span className="stat-card__sub">
          {novos.data ? (novos.data.total === 1 ? '1 novo do escritório' : `${novos.data.total} novos do escritório`) : ' '}
        </span>
      </button>
      )}
      {verCobrancas && (
      <button type="button" className="stat-card" onClick={() => navigate(PORTAL_PATHS.financeiro)}>
        <span className="stat-card__title">Financeiro</span>
        <span className="stat-card__number">{total(cobrancasAbertas)}</span>
        <span className="stat-card__sub">
          {cobrancasVencidas.data ? (cobrancasVencidas.data.total ? `${cobrancasVencidas.data.total} vencida(s)` : 'cobranças em aberto') : ' '}
        </span>
      </button>
      )}
      {solicitar && (
      <button type="button" className="stat-card stat-card--action" onClick={() => open(PORTAL_PATHS.novaSolicitacao)}>
        <span className="stat-card__title">Nova Solicitação</span>
        <span className="stat-card__number" aria-hidden="true">
          +
        </span>
        <span className="stat-card__sub">Peça um serviço ao escritório</span>
      </button>
      )}
    </div>
  );
}
