import { lazy, Suspense, useState } from 'react';
import { Badge, IconButton } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PanelDataProvider } from '../providers/dataProvider';
import { Hint } from './Hint';
import { useCan } from './Restricted';

const loadPopup = () => import('./AvisosPopup');
const AvisosPopup = lazy(loadPopup);

export const AVISOS_QUERY_KEY = ['avisos'];
/** The badge looks again this often, and whenever the window regains focus. */
export const AVISOS_REFRESH_MS = 60_000;

/**
 * The bell of the app bar (issue 53): the reader's unread notices on a badge, polled modestly; the list
 * (loaded with its first opening, as the profile menu) shows the newest, each a link to its record.
 */
export function AvisosBell() {
  const allowed = useCan('avisos');
  const dataProvider = useDataProvider<PanelDataProvider>();
  const translate = useTranslate();
  const [button, setButton] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: [...AVISOS_QUERY_KEY, 'contagem'],
    queryFn: () => dataProvider.listAvisos(1),
    enabled: allowed,
    refetchInterval: AVISOS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  if (!allowed) return null;
  const naoLidos = data?.naoLidos ?? 0;
  const label = naoLidos ? translate('avisos.botaoNaoLidos', { smart_count: naoLidos }) : translate('avisos.botao');
  return (
    <>
      <Hint title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup
          aria-controls={open ? 'avisos-menu' : undefined}
          aria-expanded={open ? true : undefined}
          ref={setButton}
          onClick={() => setOpen(true)}
          onPointerEnter={() => void loadPopup()}
          onFocus={() => void loadPopup()}
        >
          <Badge badgeContent={naoLidos} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Hint>
      {open && button && (
        <Suspense fallback={null}>
          <AvisosPopup anchorEl={button} onClose={() => setOpen(false)} queryKey={AVISOS_QUERY_KEY} onChanged={() => queryClient.invalidateQueries({ queryKey: AVISOS_QUERY_KEY })} />
        </Suspense>
      )}
    </>
  );
}
