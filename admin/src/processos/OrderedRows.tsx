import type { ReactNode } from 'react';
import { Box, Button, IconButton, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { useArrayInput, useTranslate } from 'react-admin';

/**
 * The iterator of an <ArrayInput> whose order matters (a template's stages, a checklist's items): a
 * numbered list, each row with its inputs (`children(i)`, sources relative to the array) and
 * Subir/Descer/Remover, then Adicionar. The texts are `<prefix>.lista|item|subir|descer|remover|adicionar`,
 * the row's number as %{n}.
 */
export function OrderedRows(props: { prefix: string; max: number; novo: () => object; empty?: string; children: (i: number) => ReactNode }) {
  const translate = useTranslate();
  const { fields, append, remove, move } = useArrayInput();
  const t = (key: string, n?: number) => translate(`${props.prefix}.${key}`, { n });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {fields.length === 0 && props.empty && (
        <Typography variant="body2" color="text.secondary">
          {translate(props.empty)}
        </Typography>
      )}
      <Box component="ol" aria-label={t('lista')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {fields.map((field, i) => (
          <Box
            component="li"
            key={field.id}
            aria-label={t('item', i + 1)}
            sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'center', borderBottom: 1, borderColor: 'divider', pb: 1 }}
          >
            <Typography sx={{ width: 24, fontWeight: 600 }}>{i + 1}.</Typography>
            {props.children(i)}
            <Box sx={{ display: 'flex' }}>
              <IconButton aria-label={t('subir', i + 1)} disabled={i === 0} onClick={() => move(i, i - 1)}>
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton aria-label={t('descer', i + 1)} disabled={i === fields.length - 1} onClick={() => move(i, i + 1)}>
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
              <IconButton aria-label={t('remover', i + 1)} onClick={() => remove(i)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          </Box>
        ))}
      </Box>
      <Box>
        <Button startIcon={<AddIcon />} disabled={fields.length >= props.max} onClick={() => append(props.novo())}>
          {t('adicionar')}
        </Button>
      </Box>
    </Box>
  );
}
