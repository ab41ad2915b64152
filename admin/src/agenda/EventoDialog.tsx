import { useEffect, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
} from '@mui/material';
import { errorMessage } from '@veritas/web';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { ModalDialog } from '../layout/DialogForm';
import { useClienteBusca } from '../layout/useClienteBusca';
import { useRegistrosApi } from '../providers/registrosMethods';
import { useAgendaApi, type Evento, type Pessoa } from './agendaMethods';
import { checkValues, emptyValues, inputOf, LEMBRETES, REPETICOES, TIPOS, valuesOf, type EventoFormValues } from './eventoForm';

export type EventoDialogState =
  | { mode: 'create'; start?: Date; end?: Date; allDay?: boolean }
  | { mode: 'edit'; evento: Evento; readOnly: boolean };

interface Option {
  id: string;
  label: string;
}

/** Create, edit (the creator or the board) or look at an event; the server decides and answers in pt-BR. */
export function EventoDialog(props: { state: EventoDialogState; pessoas: Pessoa[]; onClose: () => void; onSaved: () => void }) {
  const { state, pessoas, onClose, onSaved } = props;
  const api = useAgendaApi();
  const registrosApi = useRegistrosApi();
  const [values, setValues] = useState<EventoFormValues>(() =>
    state.mode === 'edit' ? valuesOf(state.evento) : emptyValues(state.start, state.end, state.allDay),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [clienteBusca, setClienteBusca] = useState('');
  const [registros, setRegistros] = useState<Option[]>([]);
  const readOnly = state.mode === 'edit' && state.readOnly;
  const set = <K extends keyof EventoFormValues>(key: K, value: EventoFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const clientes = useClienteBusca(clienteBusca);
  const clienteOptions: Option[] = clientes.options.map((c) => ({ id: String(c.id), label: String(c.razaoSocial) }));
  if (values.clienteId && !clienteOptions.some((o) => o.id === values.clienteId)) {
    clienteOptions.unshift({ id: values.clienteId, label: values.clienteNome ?? 'Cliente' });
  }

  useEffect(() => {
    if (!values.clienteId) {
      setRegistros([]);
      return;
    }
    let live = true;
    registrosApi
      .getRegistrosDoCliente(values.clienteId)
      .then((list) => live && setRegistros(list.map((r) => ({ id: r._id, label: `${r.numero} — ${r.tipo}` }))))
      .catch(() => live && setRegistros([]));
    return () => {
      live = false;
    };
  }, [values.clienteId, registrosApi]);

  const save = async () => {
    const broken = checkValues(values);
    setProblem(broken);
    if (broken) return;
    setBusy(true);
    try {
      if (state.mode === 'edit') await api.updateEvento(state.evento.id, inputOf(values));
      else await api.createEvento(inputOf(values));
      onSaved();
    } catch (err) {
      setProblem(errorMessage(err, 'Não foi possível salvar o evento.'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (state.mode !== 'edit') return;
    setBusy(true);
    try {
      await api.deleteEvento(state.evento.id);
      onSaved();
    } catch (err) {
      setProblem(errorMessage(err, 'Não foi possível excluir o evento.'));
      setConfirmDelete(false);
    } finally {
      setBusy(false);
    }
  };

  const title = state.mode === 'create' ? 'Novo evento' : readOnly ? 'Evento' : 'Editar evento';
  const pessoaOptions: Option[] = pessoas.map((p) => ({ id: p.id, label: p.ausente ? `${p.nome} (ausente hoje)` : p.nome }));
  const dateType = values.diaInteiro ? 'date' : 'datetime-local';

  return (
    <ModalDialog open title={title} onClose={busy ? () => undefined : onClose} maxWidth="md">
      <DialogContent dividers sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignContent: 'start' }}>
        {problem && (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {problem}
          </Alert>
        )}
        {readOnly && state.mode === 'edit' && (
          <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
            Criado por {state.evento.criadoPorNome ?? 'outra pessoa'}. Apenas quem criou o evento, a Diretoria ou o Master podem alterá-lo.
          </Alert>
        )}
        <TextField select label="Tipo" value={values.tipo} onChange={(e) => set('tipo', e.target.value as EventoFormValues['tipo'])} disabled={readOnly}>
          {TIPOS.map((t) => (
            <MenuItem key={t.value} value={t.value}>
              {t.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Título" required value={values.titulo} onChange={(e) => set('titulo', e.target.value)} disabled={readOnly} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <FormControlLabel
          sx={{ gridColumn: '1 / -1' }}
          control={
            <Switch
              checked={values.diaInteiro}
              disabled={readOnly}
              onChange={(e) => setValues((v) => ({ ...v, diaInteiro: e.target.checked, inicio: v.inicio.slice(0, 10) + (e.target.checked ? '' : 'T09:00'), fim: v.fim.slice(0, 10) + (e.target.checked ? '' : 'T10:00') }))}
            />
          }
          label="Dia inteiro"
        />
        <TextField
          label={values.diaInteiro ? 'Primeiro dia' : 'Início'}
          type={dateType}
          required
          value={values.inicio}
          onChange={(e) => set('inicio', e.target.value)}
          disabled={readOnly}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={values.diaInteiro ? 'Último dia' : 'Fim'}
          type={dateType}
          required
          value={values.fim}
          onChange={(e) => set('fim', e.target.value)}
          disabled={readOnly}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField label="Local" value={values.local} onChange={(e) => set('local', e.target.value)} disabled={readOnly} slotProps={{ htmlInput: { maxLength: 300 } }} />
        <TextField label="Link da videochamada" type="url" value={values.link} onChange={(e) => set('link', e.target.value)} disabled={readOnly} placeholder="https://" />
        <Autocomplete
          multiple
          sx={{ gridColumn: '1 / -1' }}
          options={pessoaOptions}
          value={pessoaOptions.filter((o) => values.participantes.includes(o.id))}
          onChange={(_e, list) => set('participantes', list.map((o) => o.id))}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          disabled={readOnly}
          renderInput={(params) => <TextField {...params} label="Participantes (equipe)" />}
        />
        <Autocomplete
          options={clienteOptions}
          loading={clientes.loading}
          loadingText="Carregando..."
          value={clienteOptions.find((o) => o.id === values.clienteId) ?? null}
          onChange={(_e, o) => setValues((v) => ({ ...v, clienteId: o?.id ?? null, clienteNome: o?.label ?? null, registroId: null, convidarCliente: o ? v.convidarCliente : false }))}
          onInputChange={(_e, text, reason) => reason === 'input' && setClienteBusca(text)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(x) => x}
          disabled={readOnly}
          renderInput={(params) => <TextField {...params} label="Cliente (opcional)" />}
        />
        <TextField select label="Registro (opcional)" value={values.registroId ?? ''} onChange={(e) => set('registroId', e.target.value || null)} disabled={readOnly || !values.clienteId}>
          <MenuItem value="">Nenhum</MenuItem>
          {registros.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Repetição" value={values.repeticao} onChange={(e) => set('repeticao', e.target.value)} disabled={readOnly}>
          {REPETICOES.map((r) => (
            <MenuItem key={r.value} value={r.value}>
              {r.label}
            </MenuItem>
          ))}
          {values.rruleOriginal && values.repeticao === 'custom' && <MenuItem value="custom">Personalizada ({values.rruleOriginal})</MenuItem>}
        </TextField>
        <TextField
          label="Quantas vezes (em branco: sempre)"
          type="number"
          value={values.vezes}
          onChange={(e) => set('vezes', e.target.value)}
          disabled={readOnly || !values.repeticao || values.repeticao === 'custom'}
          slotProps={{ htmlInput: { min: 1, max: 1000 } }}
        />
        <TextField select label="Lembrete por e-mail" value={values.lembrete} onChange={(e) => set('lembrete', e.target.value)} disabled={readOnly}>
          {LEMBRETES.map((l) => (
            <MenuItem key={l.value} value={l.value}>
              {l.label}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={values.convidarCliente} onChange={(e) => set('convidarCliente', e.target.checked)} disabled={readOnly || !values.clienteId} />}
          label="Enviar convite ao cliente por e-mail (.ics)"
        />
        <TextField
          label="Notas internas"
          multiline
          minRows={2}
          sx={{ gridColumn: '1 / -1' }}
          value={values.notas}
          onChange={(e) => set('notas', e.target.value)}
          disabled={readOnly}
          helperText="Não vão para o cliente nem para o feed de calendário."
        />
      </DialogContent>
      <DialogActions>
        {state.mode === 'edit' && !readOnly && (
          <Button color="error" onClick={() => setConfirmDelete(true)} disabled={busy} sx={{ mr: 'auto' }}>
            Excluir
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {readOnly ? 'Fechar' : 'Cancelar'}
        </Button>
        {!readOnly && (
          <Button variant="contained" onClick={save} disabled={busy}>
            Salvar
          </Button>
        )}
      </DialogActions>
      <ConfirmDialog open={confirmDelete} title="Excluir evento" busy={busy} onConfirm={remove} onClose={() => setConfirmDelete(false)}>
        {state.mode === 'edit' && state.evento.rrule ? 'Todas as ocorrências deste evento serão excluídas.' : 'O evento será excluído.'}
        {state.mode === 'edit' && state.evento.convidarCliente ? ' O cliente convidado receberá o cancelamento.' : ''}
      </ConfirmDialog>
    </ModalDialog>
  );
}
