import { useState } from 'react';
import type { ClienteResponse, CobrancaResponse, DocumentoResponse, ListEnvelope, RegistroResponse } from '@veritas/common';
import { listQuery, useApi, useDebounced } from '../lib/api';
import { RegistrosTable } from '../registros/RegistrosTable';
import { Compromissos } from './Compromissos';
import { AguardandoVoce } from './AguardandoVoce';

const RECENT = 3;
const ONE = { from: 0, to: 0 };

/** The client area's first tab (§2.15): greeting, the three cards with real counts, the latest registros. */
export function Dashboard({
  cliente,
  version,
  onOpenTab,
  onNew,
  onDetails,
}: {
  cliente: ClienteResponse;
  version: number;
  onOpenTab: (tab: 'registros' | 'documentos' | 'financeiro', search?: string) => void;
  onNew: () => void;
  onDetails: (id: string) => void;
}) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());

  // Counts are the lists' totals: one row asked for, the total read.
  const registros = useApi<ListEnvelope<RegistroResponse>>(`/api/registros/me${listQuery({}, ONE)}`, version);
  const abertos = useApi<ListEnvelope<RegistroResponse>>(`/api/registros/me${listQuery({ status: ['pendente', 'andamento'] }, ONE)}`, version);
  const documentos = useApi<ListEnvelope<DocumentoResponse>>(`/api/documentos/me${listQuery({}, ONE)}`, version);
  const novos = useApi<ListEnvelope<DocumentoResponse>>(`/api/documentos/me${listQuery({ enviadoPor: 'equipe', baixado: false }, ONE)}`, version);
  // Issue 12: the charges still to pay, and of those the late ones.
  const cobrancasAbertas = useApi<ListEnvelope<CobrancaResponse>>(`/api/cobrancas/me${listQuery({ status: 'aberta' }, ONE)}`, version);
  const cobrancasVencidas = useApi<ListEnvelope<CobrancaResponse>>(`/api/cobrancas/me${listQuery({ status: 'vencida' }, ONE)}`, version);
  const recent = useApi<ListEnvelope<RegistroResponse>>(`/api/registros/me${listQuery(q ? { q } : {}, { from: 0, to: RECENT - 1 })}`, version);

  const count = (l: { data?: ListEnvelope<unknown> }) => (l.data ? String(l.data.total) : '–');
  const nome = cliente.razaoSocial || cliente.nomeFantasia;
  const rows = recent.data?.data ?? [];

  return (
    <>
      <h1 className="greeting">Olá, {nome}</h1>
      <p className="muted">Acompanhe suas solicitações, seus documentos e fale com o escritório por aqui.</p>

      <div className="cards">
        <button type="button" className="stat-card" onClick={() => onOpenTab('registros')}>
          <span className="stat-card__title">Meus Registros</span>
          <span className="stat-card__number">{count(registros)}</span>
          <span className="stat-card__sub">{abertos.data ? `${abertos.data.total} em aberto` : ' '}</span>
        </button>
        <button type="button" className="stat-card" onClick={() => onOpenTab('documentos')}>
          <span className="stat-card__title">Documentos</span>
          <span className="stat-card__number">{count(documentos)}</span>
          <span className="stat-card__sub">
            {novos.data ? (novos.data.total === 1 ? '1 novo do escritório' : `${novos.data.total} novos do escritório`) : ' '}
          </span>
        </button>
        <button type="button" className="stat-card" onClick={() => onOpenTab('financeiro')}>
          <span className="stat-card__title">Financeiro</span>
          <span className="stat-card__number">{count(cobrancasAbertas)}</span>
          <span className="stat-card__sub">
            {cobrancasVencidas.data ? (cobrancasVencidas.data.total ? `${cobrancasVencidas.data.total} vencida(s)` : 'cobranças em aberto') : ' '}
          </span>
        </button>
        <button type="button" className="stat-card stat-card--action" onClick={onNew}>
          <span className="stat-card__title">Nova Solicitação</span>
          <span className="stat-card__number" aria-hidden="true">
            +
          </span>
          <span className="stat-card__sub">Peça um serviço ao escritório</span>
        </button>
      </div>

      <Compromissos version={version} />
      <AguardandoVoce version={version} onDetails={onDetails} />

      <section className="panel" aria-labelledby="recentes-title">
        <div className="section-head">
          <h2 id="recentes-title">Registros recentes</h2>
          <button type="button" className="button button--outline" onClick={() => onOpenTab('registros', search.trim())}>
            Ver Todos
          </button>
        </div>
        <label className="field filters__search">
          <span className="field__label">Buscar nos registros</span>
          <input type="search" value={search} placeholder="Protocolo, tipo ou descrição" onChange={(e) => setSearch(e.target.value)} />
        </label>
        {recent.error && (
          <p className="notice notice--error" role="alert">
            {recent.error}
          </p>
        )}
        {rows.length > 0 ? (
          <RegistrosTable rows={rows} onDetails={onDetails} caption="Registros mais recentes" />
        ) : recent.data && q ? (
          <p className="empty">Nenhum registro encontrado para esta busca.</p>
        ) : recent.data ? (
          <p className="empty">Você ainda não tem registros. Use 'Nova Solicitação' para pedir um serviço.</p>
        ) : (
          <p className="muted" role="status">
            Carregando registros...
          </p>
        )}
      </section>
    </>
  );
}
