import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PORTAL_PATHS } from '@veritas/common';
import { Compromissos } from '../agenda/Compromissos';
import { queries } from '../lib/queries';
import { ErrorNotice } from '../ui/Notice';

/** How many appointments the dashboard shows; the Agenda tab has them all. */
const PROXIMOS = 3;

/** The dashboard card "Próximos compromissos" (issue 13), leading to the Agenda. */
export function ProximosCompromissos() {
  const lista = useQuery(queries.compromissos());
  const rows = lista.data ?? [];
  return (
    <section className="panel" aria-labelledby="compromissos-title">
      <div className="section-head">
        <h2 id="compromissos-title">Próximos compromissos</h2>
        <Link className="button button--outline" to={PORTAL_PATHS.agenda}>
          Ver agenda
        </Link>
      </div>
      <ErrorNotice error={lista.error} />
      {lista.isPending ? (
        <p className="muted" role="status">
          Carregando compromissos...
        </p>
      ) : lista.data && rows.length === 0 ? (
        <p className="empty">Nenhum compromisso agendado com o escritório.</p>
      ) : lista.data ? (
        <Compromissos rows={rows.slice(0, PROXIMOS)} label="Próximos compromissos" />
      ) : null}
    </section>
  );
}
