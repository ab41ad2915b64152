import { formatDateBR, type RegistroResponse } from '@veritas/common';
import { StatusBadge } from '../ui/StatusBadge';

const COLUMNS = ['Protocolo', 'Tipo', 'Status', 'Data', 'Descrição', 'Ações'] as const;

/**
 * The registros table (§2.15). On a phone each row becomes a card whose cells carry their
 * column's name (data-label), so nothing scrolls sideways.
 */
export function RegistrosTable({ rows, onDetails, caption }: { rows: RegistroResponse[]; onDetails: (id: string) => void; caption: string }) {
  return (
    <table className="table table--stack">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {COLUMNS.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r._id}>
            <td data-label="Protocolo" className="table__strong">
              {r.numero}
            </td>
            <td data-label="Tipo">{r.tipo}</td>
            <td data-label="Status">
              <StatusBadge status={r.status} />
            </td>
            <td data-label="Data">{formatDateBR(r.data)}</td>
            <td data-label="Descrição" className="table__clip" title={r.descricao}>
              {r.descricao}
            </td>
            <td data-label="Ações">
              <button
                type="button"
                className="button button--outline button--small"
                aria-label={`Detalhes do registro ${r.numero}`}
                onClick={() => onDetails(r._id)}
              >
                Detalhes
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
