import { Alert, Box, Button, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '@veritas/web';
import { CopyField } from '../layout/CopyField';
import { ModalDialog } from '../layout/DialogForm';
import { useAgendaApi } from '../providers/agendaMethods';

const F = 'resources.agenda.feed';

/** "Assinar em outro calendário": a new secret address of the person's feed, shown once. */
export function FeedDialog({ onClose }: { onClose: () => void }) {
  const api = useAgendaApi();
  const notify = useNotify();
  const translate = useTranslate();
  const renew = useMutation({ mutationFn: () => api.renewAgendaFeed() });
  const url = renew.data?.url ?? null;
  return (
    <ModalDialog open title={translate(`${F}.title`)} onClose={onClose}>
      <Box sx={{ p: 3, display: 'grid', gap: 2 }}>
        <Typography variant="body2">{translate(`${F}.help`)}</Typography>
        {renew.isError && <Alert severity="error">{errorMessage(renew.error, translate(`${F}.error`))}</Alert>}
        {url && <CopyField label={translate(`${F}.address`)} value={url} />}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {url && <Button onClick={() => navigator.clipboard?.writeText(url).then(() => notify(`${F}.copied`))}>{translate(`${F}.copy`)}</Button>}
          <Button onClick={onClose}>{translate('panel.actions.close')}</Button>
          <Button variant="contained" onClick={() => renew.mutate()} disabled={renew.isPending}>
            {translate(`${F}.${url ? 'again' : 'generate'}`)}
          </Button>
        </Box>
      </Box>
    </ModalDialog>
  );
}
