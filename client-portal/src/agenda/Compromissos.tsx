import { type CompromissoClienteResponse, formatDateBR, formatDateTimeBR } from '@veritas/common';

const when = (c: CompromissoClienteResponse) => {
  if (c.allDay) return formatDateBR(c.inicio);
  const fim = formatDateTimeBR(c.fim);
  const ini = formatDateTimeBR(c.inicio);
  // Same day: "dd/mm/aaaa hh:mm às hh:mm".
  return fim.slice(0, 10) === ini.slice(0, 10) ? `${ini} às ${fim.slice(11)}` : `${ini} a ${fim}`;
};

const isUrl = (v: string) => /^https?:\/\//i.test(v);

/** Appointments the client was invited to: date and time, title, place or video link (issue 13). */
export function Compromissos({ rows, label }: { rows: readonly CompromissoClienteResponse[]; label: string }) {
  return (
    <ul className="compromissos" aria-label={label}>
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
  );
}
