import { Box, Button, Chip, DialogActions, DialogContent, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatBRL, formatDateBR, type TipoClienteResponse } from '@veritas/common';
import { InfoList, InfoSection } from '../layout/InfoList';
import { useCan } from '../layout/Restricted';

const R = 'tipos-cliente';

export function StatusChip({ ativo }: { ativo: boolean }) {
  const translate = useTranslate();
  return <Chip size="small" label={translate(ativo ? 'panel.status.ativo' : 'panel.status.inativo')} color={ativo ? 'success' : 'default'} />;
}

/** Detalhes do Tipo de Cliente: general information and the included services with BRL values. */
export function TipoClienteDetails(props: { onEdit: () => void; onDelete: (t: TipoClienteResponse & { id: string }) => void; onClose: () => void }) {
  const tipo = useRecordContext<TipoClienteResponse & { id: string }>();
  const translate = useTranslate();
  const canDelete = useCan('tiposCliente.delete');
  const canWrite = useCan('tiposCliente.write');
  const f = (field: string) => translate(`resources.${R}.fields.${field}`);
  if (!tipo) return <DialogContent dividers>{translate('panel.loading')}</DialogContent>;
  return (
    <>
      <DialogContent dividers>
        <InfoSection title="Informações gerais">
          <InfoList
            items={[
              [f('nome'), tipo.nome],
              [f('ativo'), <StatusChip key="s" ativo={tipo.ativo} />],
              [f('createdAt'), formatDateBR(tipo.createdAt)],
              [f('updatedAt'), formatDateBR(tipo.updatedAt)],
            ]}
          />
        </InfoSection>
        <InfoSection title="Serviços incluídos">
          {tipo.servicos.length ? (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {tipo.servicos.map((s, i) => (
                <li key={i}>
                  {s.nome}: <strong>{formatBRL(s.valor)}</strong>
                </li>
              ))}
            </Box>
          ) : (
            <Typography color="text.secondary">{translate(`resources.${R}.empty.servicos`)}</Typography>
          )}
        </InfoSection>
      </DialogContent>
      <DialogActions>
        {canWrite && (
          <Button variant="contained" onClick={props.onEdit}>
            {translate('panel.actions.edit')}
          </Button>
        )}
        {canDelete && (
          <Button color="error" variant="outlined" onClick={() => props.onDelete(tipo)}>
            {translate('panel.actions.delete')}
          </Button>
        )}
        <Button onClick={props.onClose}>{translate('panel.actions.close')}</Button>
      </DialogActions>
    </>
  );
}
