import { Box, Button, IconButton } from '@mui/material';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useDataProvider, useRefresh } from 'react-admin';
import type { AuditoriaMethods } from '../providers/auditoriaMethods';
import { isUserType, setSimulatedUserType, USER_TYPE_LABELS, USER_TYPES } from '@veritas/common';
import { colors } from '@veritas/web';
import { useUserType } from './useUserType';
import { Hint } from './Hint';
import { NativeSelectField } from './NativeSelectField';

const OPTIONS = USER_TYPES.map((t) => ({ value: t, label: USER_TYPE_LABELS[t] }));

/**
 * A master may look at the panel as another user type (§2.10, §4). Only what the panel shows
 * changes: the server keeps answering by the real type.
 */
export function SimulationSelector() {
  const { userType, realType } = useUserType();
  const refresh = useRefresh();
  const api = useDataProvider<ReturnType<typeof useDataProvider> & AuditoriaMethods>();
  if (realType !== 'master' || !userType) return null;
  const choose = (value: string) => {
    const next = isUserType(value) && value !== realType ? value : null;
    setSimulatedUserType(window.localStorage, isUserType(value) ? value : null);
    // The audit trail (issue 16) records the start and the end; a failure never blocks the view.
    void api.registrarSimulacao(next).catch(() => undefined);
    // Permissions are a cached query: invalidate it (and the rest) so every screen re-reads them.
    refresh();
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 1 }, mx: { xs: 0, sm: 1 } }}>
      <NativeSelectField
        label="Visualizar como"
        value={userType}
        options={OPTIONS}
        onChange={choose}
        compact
        sx={{ width: { xs: 112, sm: 160 }, '& select': { bgcolor: colors.onDarkSubtle, borderColor: colors.onDarkLine } }}
      />
      <Button
        color="inherit"
        size="small"
        variant="outlined"
        onClick={() => choose('')}
        sx={{ display: { xs: 'none', sm: 'inline-flex' }, borderColor: colors.onDarkLine }}
      >
        Redefinir
      </Button>
      {/* On a phone the app bar has room for the icon only while a simulation is on. */}
      {userType !== realType && (
        <Hint title="Redefinir">
          <IconButton color="inherit" aria-label="Redefinir" onClick={() => choose('')} sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
            <RestartAltIcon />
          </IconButton>
        </Hint>
      )}
    </Box>
  );
}
