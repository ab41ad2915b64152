import { useMemo } from 'react';
import { BooleanInput, TextInput } from 'react-admin';
import {
  CHECKLIST_ITEM_DESCRICAO_MAX,
  CHECKLIST_ITEM_NOME_MAX,
  CHECKLIST_MODELO_MAX_ITENS,
  type ChecklistModeloResponse,
  MODELO_CHAVE_MAX,
} from '@veritas/common';
import { useRegistrosApi } from '../providers/registrosMethods';
import { type ChecklistValores, checklistValores, corpoDoChecklist, itemVazio, validarChecklist } from './modeloForm';
import { TemplateForm } from './TemplateForm';

const P = 'processos.checklist';

/** An item's texts: the field, its longest value and how it shares the row. */
const TEXTOS = [
  ['chave', MODELO_CHAVE_MAX, '1 1 200px'],
  ['nome', CHECKLIST_ITEM_NOME_MAX, '2 1 240px'],
  ['descricao', CHECKLIST_ITEM_DESCRICAO_MAX, '3 1 260px'],
] as const;

/**
 * A service's document checklist (issue 11): ordered items with a key (what the stages refer to),
 * a name, a description and whether it is required. Registros keep the list they got.
 */
export function ChecklistModeloForm({ checklist }: { checklist: ChecklistModeloResponse }) {
  const api = useRegistrosApi();
  const record = useMemo(() => checklistValores(checklist), [checklist]);
  const save = (values: Partial<ChecklistValores>) => api.putChecklistModelo(checklist.servico, corpoDoChecklist(values));
  return (
    <TemplateForm
      record={record}
      source="itens"
      prefix={P}
      max={CHECKLIST_MODELO_MAX_ITENS}
      novo={itemVazio}
      empty={`${P}.vazio`}
      validate={validarChecklist}
      save={save}
      queryKey={['checklist-modelo', checklist.servico]}
    >
      {(i) => (
        <>
          {TEXTOS.map(([field, max, flex]) => (
            <TextInput key={field} source={`${i}.${field}`} label={`${P}.fields.${field}`} helperText={false} slotProps={{ htmlInput: { maxLength: max } }} sx={{ flex }} />
          ))}
          <BooleanInput source={`${i}.obrigatorio`} label={`${P}.fields.obrigatorio`} helperText={false} />
        </>
      )}
    </TemplateForm>
  );
}
