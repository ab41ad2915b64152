import { useState } from 'react';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Alert, Box, Button, Typography } from '@mui/material';
import { AutocompleteInput, DateInput, List, ReferenceInput, SelectInput, TextInput, useDataProvider } from 'react-admin';
import { AUDITORIA_CSV, AUDITORIA_ENTIDADE_LABELS, type AuditoriaVerificacao } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { csvExporter } from '../providers/exporter';
import type { AuditoriaMethods } from '../providers/auditoriaMethods';
import { ListLoadError, PageHeader } from '../layout/ListScreen';
import { Restricted, useCan } from '../layout/Restricted';
import { exportActions, PANEL_LIST, SCREEN_SX } from '../layout/screen';
import { AuditoriaTable, R, type AuditoriaRow } from './AuditoriaTable';

const ENTIDADES = Object.entries(AUDITORIA_ENTIDADE_LABELS).map(([id, name]) => ({ id, name }));

const filters = [
  <ReferenceInput key="atorId" source="atorId" reference="users" alwaysOn>
    <AutocompleteInput label={`resources.${R}.fields.atorId`} optionText="nomeCompleto" sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <SelectInput key="entidade" source="entidade" label={`resources.${R}.fields.entidade`} choices={ENTIDADES} alwaysOn />,
  <TextInput key="acao" source="acao" label={`resources.${R}.fields.acao`} alwaysOn />,
  <DateInput key="de" source="de" label={`resources.${R}.fields.de`} alwaysOn />,
  <DateInput key="ate" source="ate" label={`resources.${R}.fields.ate`} alwaysOn />,
];

const exportAuditoria = csvExporter<AuditoriaRow>('auditoria', () => AUDITORIA_CSV);

/** "Verificar integridade" (master): walks the hash chain on the server and says where it breaks. */
function VerifyButton() {
  const api = useDataProvider<ReturnType<typeof useDataProvider> & AuditoriaMethods>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AuditoriaVerificacao | null>(null);
  const [error, setError] = useState<string | null>(null);
  const verify = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await api.verificarAuditoria());
    } catch (err) {
      setError(errorMessage(err, 'Erro ao verificar a trilha.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'end' }}>
      <Button variant="outlined" startIcon={<VerifiedIcon />} onClick={() => void verify()} disabled={busy}>
        {busy ? 'Verificando...' : 'Verificar integridade'}
      </Button>
      <Box role="status" aria-live="polite">
        {result?.ok && <Alert severity="success">Trilha íntegra: {result.checked} entradas conferidas.</Alert>}
        {result && !result.ok && result.firstBroken && (
          <Alert severity="error">
            Trilha violada na entrada nº {result.firstBroken.seq}: {result.firstBroken.reason} ({result.checked} entradas conferidas antes dela.)
          </Alert>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </Box>
    </Box>
  );
}

function Auditoria() {
  const master = useCan('auditoria.verify');
  return (
    <Box sx={SCREEN_SX}>
      <PageHeader title="Auditoria" action={master ? <VerifyButton /> : undefined} />
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Quem fez o quê, quando e de onde. As entradas não podem ser alteradas nem excluídas; clique em uma linha para ver a alteração.
      </Typography>
      <List
        resource={R}
        title="Auditoria"
        filters={filters}
        sort={{ field: 'em', order: 'DESC' }}
        {...PANEL_LIST}
        actions={exportActions('auditoria', 'auditoria', AUDITORIA_CSV)}
        exporter={exportAuditoria}
        error={<ListLoadError prefix="Erro ao carregar a auditoria: " />}
      >
        <AuditoriaTable />
      </List>
    </Box>
  );
}

/** /painel/auditoria: the audit trail (issue 16), for the board. */
export default function AuditoriaList() {
  return (
    <Restricted action="auditoria.read">
      <Auditoria />
    </Restricted>
  );
}
