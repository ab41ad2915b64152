import { Box, Typography } from '@mui/material';
import { DataTable, useRecordContext } from 'react-admin';
import { AUDITORIA_ATOR_LABELS, AUDITORIA_ENTIDADE_LABELS, auditoriaAcaoLabel, auditoriaAtor, formatDateTimeBR, type AuditoriaResponse } from '@veritas/common';

export type AuditoriaRow = AuditoriaResponse & { id: string };
export const R = 'auditoria';

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The change of one entry: each field, before → after (passwords and hashes arrive as "[oculto]"). */
export function AuditoriaDiff() {
  const a = useRecordContext<AuditoriaRow>();
  if (!a) return null;
  const rows = Object.entries(a.diff ?? {});
  return (
    <Box sx={{ py: 1 }}>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">Sem alterações de campos.</Typography>
      ) : (
        <Box component="table" aria-label="Alterações" sx={{ borderCollapse: 'collapse', '& th, & td': { textAlign: 'left', p: 0.5, verticalAlign: 'top', overflowWrap: 'anywhere' } }}>
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">Antes</th>
              <th scope="col">Depois</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([campo, v]) => {
              const [antes, depois] = Array.isArray(v) && v.length === 2 ? v : [null, v];
              return (
                <tr key={campo}>
                  <th scope="row">{campo}</th>
                  <td>{show(antes)}</td>
                  <td>{show(depois)}</td>
                </tr>
              );
            })}
          </tbody>
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Entrada nº {a.seq} · {AUDITORIA_ATOR_LABELS[a.atorTipo]}
        {a.atorEmail ? ` · ${a.atorEmail}` : ''} · IP {a.ip ?? '—'} · requisição {a.requestId ?? '—'}
      </Typography>
    </Box>
  );
}

/** The entries' table: when, who, action, entity; each row expands to its diff. */
export function AuditoriaTable(props: { withEntity?: boolean }) {
  return (
    <DataTable<AuditoriaRow> aria-label="Trilha de auditoria" expand={<AuditoriaDiff />} bulkActionButtons={false} rowClick="expand">
      <DataTable.Col source="em" label={`resources.${R}.fields.em`} render={(a: AuditoriaRow) => formatDateTimeBR(a.em)} />
      <DataTable.Col source="atorNome" label={`resources.${R}.fields.atorNome`} render={(a: AuditoriaRow) => auditoriaAtor(a)} />
      <DataTable.Col
        source="acao"
        label={`resources.${R}.fields.acao`}
        render={(a: AuditoriaRow) => (
          <span title={a.acao}>{auditoriaAcaoLabel(a.acao)}</span>
        )}
      />
      {props.withEntity !== false && (
        <DataTable.Col source="entidade" label={`resources.${R}.fields.entidade`} render={(a: AuditoriaRow) => AUDITORIA_ENTIDADE_LABELS[a.entidade] ?? a.entidade} />
      )}
    </DataTable>
  );
}
