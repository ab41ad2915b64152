import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { PORTAL_PATHS } from '@veritas/common';
import { useDebounced } from '@veritas/web';
import { useCliente } from '../auth/RequireCliente';
import { queries } from '../lib/queries';
import { useOpenDialog } from '../portal/navigation';
import { RegistrosTable } from '../registros/RegistrosTable';
import { ErrorNotice } from '../ui/Notice';
import { AguardandoVoce } from './AguardandoVoce';
import { Cards } from './Cards';
import { ProximosCompromissos } from './ProximosCompromissos';

const RECENT = 3;

/**
 * The client area's first tab (§2.15): greeting, the cards with real counts, the appointments,
 * what awaits the client and the latest registros. "Meus dados" opens over it (its Outlet).
 */
export function Dashboard() {
  const cliente = useCliente();
  const navigate = useNavigate();
  const open = useOpenDialog();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const recent = useQuery(queries.registros({ filter: q ? { q } : {}, range: { from: 0, to: RECENT - 1 } }));
  const onDetails = (id: string) => open(PORTAL_PATHS.registro(id));
  const rows = recent.data?.data ?? [];

  return (
    <>
      <h1 className="greeting">Olá, {cliente.razaoSocial || cliente.nomeFantasia}</h1>
      <p className="muted">Acompanhe suas solicitações, seus documentos e fale com o escritório por aqui.</p>
      <Cards />
      <ProximosCompromissos />
      <AguardandoVoce onDetails={onDetails} />

      <section className="panel" aria-labelledby="recentes-title">
        <div className="section-head">
          <h2 id="recentes-title">Registros recentes</h2>
          <button
            type="button"
            className="button button--outline"
            onClick={() => navigate({ pathname: PORTAL_PATHS.registros, search: search.trim() ? `?busca=${encodeURIComponent(search.trim())}` : '' })}
          >
            Ver Todos
          </button>
        </div>
        <label className="field filters__search">
          <span className="field__label">Buscar nos registros</span>
          <input type="search" value={search} placeholder="Protocolo, tipo ou descrição" onChange={(e) => setSearch(e.target.value)} />
        </label>
        <ErrorNotice error={recent.error} />
        {rows.length > 0 ? (
          <RegistrosTable rows={rows} onDetails={onDetails} caption="Registros mais recentes" />
        ) : recent.data && q ? (
          <p className="empty">Nenhum registro encontrado para esta busca.</p>
        ) : recent.data ? (
          <p className="empty">Você ainda não tem registros. Use 'Nova Solicitação' para pedir um serviço.</p>
        ) : (
          !recent.error && (
            <p className="muted" role="status">
              Carregando registros...
            </p>
          )
        )}
      </section>
      <Outlet />
    </>
  );
}
