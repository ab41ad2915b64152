import { useQuery } from '@tanstack/react-query';
import { queries } from '../lib/queries';
import { ErrorNotice } from '../ui/Notice';
import { Compromissos } from './Compromissos';

/** 'Agenda': every appointment with the firm the client was invited to, for the next year. */
export function AgendaTab() {
  const lista = useQuery(queries.compromissos());
  const rows = lista.data;
  return (
    <section aria-labelledby="agenda-title">
      <div className="section-head">
        <h1 className="tab-title" id="agenda-title">Agenda</h1>
      </div>
      <p className="muted">Reuniões, assinaturas e vistorias marcadas com o escritório. O convite de cada uma chega também por e-mail.</p>
      <ErrorNotice error={lista.error} />
      {lista.isPending ? (
        <p className="muted" role="status">
          Carregando compromissos...
        </p>
      ) : rows && rows.length === 0 ? (
        <p className="empty">Nenhum compromisso agendado com o escritório.</p>
      ) : rows ? (
        <Compromissos rows={rows} label="Compromissos agendados" />
      ) : null}
    </section>
  );
}
