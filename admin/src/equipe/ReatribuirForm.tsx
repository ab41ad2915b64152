import { useState } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AutocompleteArrayInput,
  Confirm,
  Form,
  ReferenceArrayInput,
  required,
  SaveButton,
  SelectInput,
  setSubmissionErrors,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PessoaCargaResponse, RegistroResponse } from '@veritas/common';
import { FormProblem, submissionErrors } from '../layout/FormProblem';
import type { PanelDataProvider } from '../providers/dataProvider';
import { campoDaReatribuicao, deOpcoes, paraOpcoes, type ReatribuirValores } from './equipeForm';

const P = 'equipe.reatribuir';
const VAZIO: ReatribuirValores = { de: '', para: '', ids: [] };

/**
 * De, Para and, optionally, which of De's open registros (a ReferenceArrayInput on registros).
 * Choosing another De empties the registros chosen and a Para that is now De.
 */
function ReatribuirInputs({ pessoas }: { pessoas: PessoaCargaResponse[] }) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext<ReatribuirValores>();
  const de = useWatch<ReatribuirValores, 'de'>({ name: 'de' });
  return (
    <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 2fr)' } }}>
      <SelectInput
        source="de"
        label={`${P}.de`}
        choices={deOpcoes(pessoas, de)}
        optionText={(p: PessoaCargaResponse) => translate(`${P}.deOpcao`, { nome: p.nomeCompleto, abertos: p.abertos })}
        validate={required()}
        onChange={(e) => {
          setValue('ids', []);
          if (getValues('para') === e.target.value) setValue('para', '');
        }}
        helperText={false}
        margin="none"
      />
      <SelectInput source="para" label={`${P}.para`} choices={paraOpcoes(pessoas, de)} optionText="nomeCompleto" validate={required()} disabled={!de} helperText={false} margin="none" />
      <ReferenceArrayInput
        source="ids"
        reference="registros"
        filter={{ responsavelId: de, aberto: 'true' }}
        sort={{ field: 'numero', order: 'ASC' }}
        perPage={200}
        enableGetChoices={() => !!de}
      >
        <AutocompleteArrayInput
          label={`${P}.registros`}
          optionText={(r: RegistroResponse) => `${r.numero} — ${r.tipo}`}
          noOptionsText={`${P}.nenhum`}
          disabled={!de}
          helperText={false}
          margin="none"
        />
      </ReferenceArrayInput>
    </Box>
  );
}

/** The question before the move, and the move: its refusal goes back to the input it is about. */
function ConfirmReatribuicao({ pedido, pessoas, onClose }: { pedido: ReatribuirValores | null; pessoas: PessoaCargaResponse[]; onClose: () => void }) {
  const dataProvider = useDataProvider<PanelDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const { setError, reset } = useFormContext();
  const nome = (id: string) => pessoas.find((p) => p.id === id)?.nomeCompleto ?? '';
  const mover = useMutation({
    mutationFn: (v: ReatribuirValores) => dataProvider.reatribuir(v.de, v.para, v.ids),
    onSuccess: ({ movidos }, v) => {
      notify(translate(`${P}.feito`, { smart_count: movidos, de: nome(v.de), para: nome(v.para) }), { type: 'success' });
      reset(VAZIO);
      onClose();
      return queryClient.invalidateQueries();
    },
    onError: (error) => {
      setSubmissionErrors(submissionErrors(error, translate(`${P}.erro`), campoDaReatribuicao), setError);
      onClose();
    },
  });
  const quantos = pedido?.ids.length ? translate(`${P}.selecionados`, { smart_count: pedido.ids.length }) : translate(`${P}.todos`);
  return (
    <Confirm
      isOpen={!!pedido}
      loading={mover.isPending}
      title={`${P}.confirmarTitulo`}
      content={pedido ? translate(`${P}.pergunta`, { quantos, de: nome(pedido.de), para: nome(pedido.para) }) : ''}
      confirm={`${P}.confirmar`}
      onConfirm={() => pedido && mover.mutate(pedido)}
      onClose={onClose}
    />
  );
}

/**
 * Reatribuir registros (the board): every open registro of "De", or those chosen, to "Para" —
 * react-admin's <Form>, asked again in a confirmation. Para offers only who may receive them.
 */
export function ReatribuirForm({ pessoas }: { pessoas: PessoaCargaResponse[] }) {
  const translate = useTranslate();
  // The values awaiting "Confirmar" (the form's own values stay in the form).
  const [pedido, setPedido] = useState<ReatribuirValores | null>(null);
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="reatribuir-titulo">
      <CardContent>
        <Typography id="reatribuir-titulo" variant="h6" component="h2" gutterBottom>
          {translate(`${P}.titulo`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${P}.ajuda`)}
        </Typography>
        <Form defaultValues={VAZIO} onSubmit={(v: Partial<ReatribuirValores>) => setPedido({ de: v.de ?? '', para: v.para ?? '', ids: v.ids ?? [] })} mode="onSubmit" noValidate>
          <ReatribuirInputs pessoas={pessoas} />
          <FormProblem />
          <SaveButton label={`${P}.enviar`} icon={<SwapHorizIcon />} variant="contained" sx={{ mt: 2 }} />
          <ConfirmReatribuicao pedido={pedido} pessoas={pessoas} onClose={() => setPedido(null)} />
        </Form>
      </CardContent>
    </Card>
  );
}
