import { Box, Button, Divider, ListItemText, MenuItem, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { type AvisoItem, quandoAviso } from '@veritas/common';
import type { PanelDataProvider } from '../providers/dataProvider';
import { AppBarMenu } from './AppBarMenu';

/**
 * The bell's list (issue 53), loaded with its first opening: the newest notices, unread ones in bold, each a
 * link to its record (a full /painel path: the panel's router has no basename) that marks it read; and
 * "Marcar todas como lidas".
 */
interface Props {
  anchorEl: HTMLElement;
  onClose: () => void;
  /** The bell's queries (its badge and this list), asked again after a change. */
  queryKey: readonly string[];
  onChanged: () => Promise<void>;
}

export default function AvisosPopup({ anchorEl, onClose, queryKey, onChanged }: Props) {
  const dataProvider = useDataProvider<PanelDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const { data, isPending, isError } = useQuery({ queryKey: [...queryKey, 'lista'], queryFn: () => dataProvider.listAvisos() });
  const refresh = () => onChanged();
  const todas = useMutation({
    mutationFn: () => dataProvider.marcarAvisosLidos(),
    onSuccess: () => void refresh(),
    onError: () => notify(translate('avisos.erroMarcar'), { type: 'error' }),
  });
  const abrir = (a: AvisoItem) => {
    onClose();
    if (!a.lidoEm) void dataProvider.marcarAvisoLido(a.id).then(refresh, () => undefined);
  };
  const avisos = data?.data ?? [];
  return (
    <AppBarMenu id="avisos-menu" anchorEl={anchorEl} onClose={onClose} paperSx={{ width: 360, maxWidth: '100vw' }}>
      <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h2" variant="subtitle1">
          {translate('avisos.titulo')}
        </Typography>
        <Button size="small" disabled={!data?.naoLidos || todas.isPending} onClick={() => todas.mutate()}>
          {translate('avisos.marcarTodas')}
        </Button>
      </Box>
      <Divider />
      {isError && <Typography sx={{ px: 2, py: 1 }} role="alert">{translate('avisos.erro')}</Typography>}
      {!isPending && !isError && !avisos.length && <Typography sx={{ px: 2, py: 1 }}>{translate('avisos.vazio')}</Typography>}
      {avisos.map((a) => (
        <MenuItem key={a.id} component={Link} to={a.link} onClick={() => abrir(a)} sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}>
          <ListItemText
            primary={a.titulo}
            secondary={`${a.tipoLabel} · ${quandoAviso(a.createdAt)}${a.lidoEm ? '' : ` · ${translate('avisos.naoLido')}`}`}
            slotProps={{ primary: { sx: { fontWeight: a.lidoEm ? 400 : 600 } } }}
          />
        </MenuItem>
      ))}
    </AppBarMenu>
  );
}
