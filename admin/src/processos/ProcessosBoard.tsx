import { Alert, Box, Button, Typography } from '@mui/material';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { errorMessage } from '@veritas/web';
import { LoadingText } from '../layout/FormBits';
import { useCan } from '../layout/Restricted';
import { NovoRegistroButton } from '../registros/NovoRegistroDialog';
import { BoardColumn } from './BoardColumn';
import { BoardFilters } from './BoardFilters';
import { COLUNA_OUTRAS, colunaDe } from './pipeline';
import { LIMITE, useBoard, useBoardFiltros, useMover } from './useBoard';

/** Heard by screen readers, not seen: what a move did. */
const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * /painel/processos (issue 11): the open registros of one service in columns by their current
 * stage (the service's template), read with one useGetList; a card moves by drag and drop, by
 * keyboard (← / → on a focused card) or by its buttons, each move a dataProvider call the server
 * checks again.
 */
export default function ProcessosBoard() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`processos.${key}`, options);
  const basename = useBasename();
  const lista = useCan('registros.readAll') ? 'registros' : 'meu-registros';
  const { filtros, setFiltro } = useBoardFiltros();
  const { modelos, etapas, list, colunas, vizinha } = useBoard(filtros);
  const { mover, busyId, anuncio } = useMover(colunas, list.refetch);

  const onDropCard = (id: string, destino: string) => {
    const r = list.data?.find((x) => x._id === id);
    if (r && destino !== COLUNA_OUTRAS && colunaDe(etapas, r) !== destino) mover(r, destino);
  };

  return (
    <Box sx={{ mt: 2, mb: 4, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={t('titulo')} />
      <Typography component="h1" variant="h5">
        {t('titulo')}
      </Typography>
      <BoardFilters filtros={filtros} setFiltro={setFiltro} modelos={modelos.data} />
      <Box>
        <NovoRegistroButton servico={filtros.servico} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('ajuda')}
      </Typography>
      <Box role="status" aria-live="polite" sx={VISUALLY_HIDDEN}>
        {anuncio}
      </Box>
      {(list.error || modelos.error) && <Alert severity="error">{errorMessage(list.error ?? modelos.error, t('erroCarregar'))}</Alert>}
      {(list.total ?? 0) > LIMITE && <Alert severity="info">{t('limite', { limite: LIMITE, total: list.total })}</Alert>}
      {list.isPending || modelos.isPending ? (
        <LoadingText>{t('carregando')}</LoadingText>
      ) : (
        <Box sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', pb: 1, alignItems: 'stretch' }}>
          {colunas.map((c) => (
            <BoardColumn key={c.key} coluna={c} busyId={busyId} vizinha={vizinha} onDropCard={onDropCard} onMove={mover} />
          ))}
        </Box>
      )}
      {!list.isPending && !etapas.length && modelos.data && <Alert severity="info">{t('semModelo')}</Alert>}
      {colunas.length > 0 && (
        <Box>
          <Button component={Link} to={`${basename}/${lista}`} size="small">
            {t('verLista')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
