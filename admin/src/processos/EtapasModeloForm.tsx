import { useMemo } from 'react';
import { AutocompleteArrayInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import {
  type ChecklistModeloItem,
  MODELO_DURACAO_MAX,
  MODELO_MAX_ETAPAS,
  MODELO_NOME_MAX,
  type ProcessoModeloResponse,
  RESPONSAVEL_TIPO_LABELS,
  RESPONSAVEL_TIPOS,
} from '@veritas/common';
import { useRegistrosApi } from '../providers/registrosMethods';
import { checarModelo, documentoChoices, etapaVazia, type ModeloValores, modeloValores, validarModelo } from './modeloForm';
import { TemplateForm } from './TemplateForm';

const RESPONSAVEIS = RESPONSAVEL_TIPOS.map((id) => ({ id, name: RESPONSAVEL_TIPO_LABELS[id] }));
const P = 'processos.modelos';

/**
 * A service's stages, in order (issue 11), as an <ArrayInput>: name, who acts, duration and the
 * checklist documents it waits for. Checked by the shared rule before the server checks it again;
 * saved, the template applies to the registros created from then on.
 */
export function EtapasModeloForm({ modelo, checklist }: { modelo: ProcessoModeloResponse; checklist: readonly ChecklistModeloItem[] }) {
  const api = useRegistrosApi();
  const record = useMemo(() => modeloValores(modelo), [modelo]);
  const choices = useMemo(() => documentoChoices(checklist, modelo.etapas), [checklist, modelo.etapas]);
  async function save(values: Partial<ModeloValores>) {
    // The form's validate ran the same rule: a refusal here cannot be, and is never sent.
    const checked = checarModelo(values);
    if ('erros' in checked) throw new Error(Object.values(checked.erros)[0]);
    await api.putModelo(modelo.servico, checked.etapas);
  }
  return (
    <TemplateForm record={record} source="etapas" prefix={P} max={MODELO_MAX_ETAPAS} novo={etapaVazia} validate={validarModelo} save={save} queryKey={['processos-modelos']}>
      {(i) => (
        <>
          <TextInput source={`${i}.nome`} label={`${P}.fields.nome`} helperText={false} slotProps={{ htmlInput: { maxLength: MODELO_NOME_MAX } }} sx={{ flex: '2 1 220px' }} />
          <SelectInput source={`${i}.responsavelTipo`} label={`${P}.fields.responsavelTipo`} choices={RESPONSAVEIS} helperText={false} sx={{ flex: '1 1 180px' }} />
          <NumberInput
            source={`${i}.duracaoDiasUteis`}
            label={`${P}.fields.duracaoDiasUteis`}
            min={0}
            max={MODELO_DURACAO_MAX}
            step={1}
            helperText={false}
            sx={{ flex: '0 1 150px' }}
          />
          <AutocompleteArrayInput source={`${i}.documentos`} label={`${P}.fields.documentos`} choices={choices} helperText={false} sx={{ flex: '3 1 260px' }} />
        </>
      )}
    </TemplateForm>
  );
}
