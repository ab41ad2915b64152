import { formatDateBR, formatDateTimeBR } from '@veritas/common';
import { useApi } from '../lib/api';

/** GET /api/agenda/me: an appointment the client was invited to. */
export interface CompromissoView {
  id: string;
  tipo: string;
  titulo: string;
  inicio: string;
  fim: string;
  allDay: boolean;
  local: string | null;
  link: string | null;
}

const when = (c: CompromissoView) => {
  if (c.allDay) return formatDateBR(c.inicio);
  const fim = formatDateTimeBR(c.fim);
  const ini = formatDateTimeBR(c.inicio);
  // Same day: "dd/mm/aaaa hh:mm às hh:mm".
  return fim.slice(0, 10) === ini.slice(0, 10) ? `${ini} às ${fim.slice(11)}` : `${ini} a ${fim}`;
};

const isUrl = (v: string) => /^https?:\/\//i.test(v);

/** The dashboard card "Próximos compromissos" (issue 13): date and time, title, place or video link. */
export function Compromissos({ version }: { version: number }) {
  const lista = useApi<{ data: CompromissoView[] }>('/api/agenda/me', version);
  const rows = lista.data?.data ?? [];
  return (
    <section className="panel" aria-labelledby="compromissos-title">
      <div className="section-head">
        <h2 id="compromissos-title">Próximos compromissos</h2>
      </div>
      {lista.error ? (
        <p className="notice notice--error" role="alert">
          {lista.error}
        </p>
      ) : !lista.data ? (
        <p className="muted" role="status">
          Carregando compromissos...
        </p>
      ) : rows.length === 0 ? (
        <p className="empty">Nenhum compromisso agendado com o escritório.</p>
      ) : (
        <ul className="compromissos" aria-label="Próximos compromissos">
          {rows.map((c) => (
            <li key={`${c.id}-${c.inicio}`} className="compromisso">
              <strong className="compromisso__quando">{when(c)}</strong> — <span className="compromisso__titulo">{c.titulo}</span>
              {c.local ? <span className="compromisso__local"> · Local: {c.local}</span> : null}
              {c.link ? (
                <span className="compromisso__link">
                  {' '}
                  ·{' '}
                  {isUrl(c.link) ? (
                    <a href={c.link} target="_blank" rel="noopener noreferrer">
                      Link da reunião
                    </a>
                  ) : (
                    c.link
                  )}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
