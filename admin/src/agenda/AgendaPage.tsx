import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin from '@fullcalendar/interaction';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import type { DateSelectArg, EventClickArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGetIdentity, useNotify } from 'react-admin';
import { can } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { ModalDialog } from '../layout/DialogForm';
import { PanelTitle } from '../layout/PanelTitle';
import { useUserType } from '../layout/useUserType';
import { useAgendaApi, type AgendaItem, type Pessoa } from './agendaMethods';
import { EventoDialog, type EventoDialogState } from './EventoDialog';

/** Colours per kind, with the legend's words (the colour is never the only sign: the title says it). */
const KINDS: Record<string, { label: string; color: string }> = {
  evento: { label: 'Eventos', color: '#1565c0' },
  'prazo-registro': { label: 'Prazos de registros', color: '#b45309' },
  'prazo-etapa': { label: 'Prazos de etapas', color: '#2e7d32' },
  'prazo-exigencia': { label: 'Prazos de exigências', color: '#6a1b9a' },
  cobranca: { label: 'Cobranças a vencer', color: '#00695c' },
  feriado: { label: 'Feriados', color: '#616161' },
};
const AUSENTE_COLOR = '#b71c1c';

function toEventInput(item: AgendaItem): EventInput {
  const kind = KINDS[item.kind] ?? { color: '#6a1b9a' };
  return {
    id: item.id,
    title: item.ausente ? `${item.titulo} (responsável ausente)` : item.titulo,
    start: item.inicio,
    end: item.fim,
    allDay: item.allDay,
    backgroundColor: item.ausente ? AUSENTE_COLOR : kind.color,
    borderColor: item.ausente ? AUSENTE_COLOR : kind.color,
    extendedProps: { item },
  };
}

/**
 * /painel/agenda: the person's calendar (month, week, day, list) with events, registro due dates
 * and holidays; the board sees everyone's and may pick one person. Clicking a day or a slot creates
 * an event; clicking an event edits it (its creator or the board) or shows it.
 */
export default function AgendaPage() {
  const api = useAgendaApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { principal } = useUserType();
  const { identity } = useGetIdentity();
  const isBoard = can(principal, 'agenda.all');
  const seesFinancas = can(principal, 'financas.read');
  const calendarRef = useRef<FullCalendar>(null);
  const [pessoas, setPessoas] = useState<Pessoa[]>([]);
  const [responsavel, setResponsavel] = useState('');
  const [dialog, setDialog] = useState<EventoDialogState | null>(null);
  const [feed, setFeed] = useState<{ url: string | null; busy: boolean; problem: string | null } | null>(null);
  const wanted = params.get('evento');

  useEffect(() => {
    api.getAgendaPessoas().then(setPessoas).catch(() => setPessoas([]));
  }, [api]);

  const fetchEvents = useCallback(
    (info: EventSourceFuncArg, success: (events: EventInput[]) => void, failure: (error: Error) => void) => {
      api
        .getAgenda({ inicio: info.start.toISOString(), fim: info.end.toISOString(), responsavel: responsavel || undefined })
        .then((items) => success(items.map(toEventInput)))
        .catch((err: unknown) => {
          notify(errorMessage(err, 'Não foi possível carregar a agenda.'), { type: 'error' });
          failure(err instanceof Error ? err : new Error('agenda'));
        });
    },
    [api, responsavel, notify],
  );

  // /painel/agenda?evento=<id> (the reminder e-mail's link): open it, on its date.
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    api
      .getEvento(wanted)
      .then((evento) => {
        if (!live) return;
        calendarRef.current?.getApi().gotoDate(new Date(evento.inicio));
        setDialog({ mode: 'edit', evento, readOnly: !evento.podeEditar });
      })
      .catch((err: unknown) => live && notify(errorMessage(err, 'Evento não encontrado.'), { type: 'error' }))
      .finally(() => live && setParams({}, { replace: true }));
    return () => {
      live = false;
    };
  }, [api, wanted, notify, setParams]);
  const eventSources = useMemo(() => [{ events: fetchEvents }], [fetchEvents]);

  const onEventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const item = arg.event.extendedProps.item as AgendaItem;
    if (item.kind === 'evento' && item.evento) {
      setDialog({ mode: 'edit', evento: item.evento, readOnly: !item.evento.podeEditar });
    } else if (item.kind !== 'feriado' && item.link.startsWith('/painel/')) {
      navigate(item.link.slice('/painel'.length) || '/');
    }
  };
  const onSelect = (arg: DateSelectArg) => setDialog({ mode: 'create', start: arg.start, end: arg.end, allDay: arg.allDay });
  const refetch = () => calendarRef.current?.getApi().refetchEvents();

  const renewFeed = async () => {
    setFeed({ url: null, busy: true, problem: null });
    try {
      const { url } = await api.renewAgendaFeed();
      setFeed({ url, busy: false, problem: null });
    } catch (err) {
      setFeed({ url: null, busy: false, problem: errorMessage(err, 'Não foi possível gerar o endereço.') });
    }
  };

  return (
    <Box sx={{ mb: 4, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PanelTitle title="Agenda" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mr: 'auto' }}>
          Agenda
        </Typography>
        {isBoard && (
          <TextField select size="small" label="Pessoa" value={responsavel} onChange={(e) => setResponsavel(e.target.value)} sx={{ minWidth: 220 }}>
            <MenuItem value="">Todas as pessoas</MenuItem>
            {pessoas.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.nome}
                {p.id === identity?.id ? ' (você)' : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button variant="outlined" startIcon={<EventRepeatIcon />} onClick={() => setFeed({ url: null, busy: false, problem: null })}>
          Assinar em outro calendário
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
          Novo evento
        </Button>
      </Box>
      <Box component="ul" aria-label="Legenda" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, p: 0, listStyle: 'none', typography: 'body2' }}>
        {[...Object.entries(KINDS).filter(([kind]) => kind !== 'cobranca' || seesFinancas).map(([, k]) => k), { label: 'Prazo com o responsável ausente', color: AUSENTE_COLOR }].map((k) => (
          <Box component="li" key={k.label} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: k.color }} />
            {k.label}
          </Box>
        ))}
      </Box>
      <Box sx={{ '& .fc': { fontFamily: 'inherit' }, '& .fc-toolbar-title': { fontSize: '1.25rem' }, minWidth: 0, overflowX: 'auto' }}>
        <FullCalendar
          ref={calendarRef}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          locale={ptBrLocale}
          initialView="dayGridMonth"
          headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }}
          buttonText={{ list: 'Lista' }}
          height="auto"
          nowIndicator
          selectable
          selectMirror
          dayMaxEvents={4}
          eventSources={eventSources}
          eventClick={onEventClick}
          select={onSelect}
        />
      </Box>
      {dialog && (
        <EventoDialog
          key={dialog.mode === 'edit' ? dialog.evento.id : 'novo'}
          state={dialog}
          pessoas={pessoas}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            notify('Agenda atualizada.', { type: 'success' });
            refetch();
          }}
        />
      )}
      {feed && (
        <ModalDialog open title="Assinar a agenda em outro calendário" onClose={() => setFeed(null)}>
          <Box sx={{ p: 3, display: 'grid', gap: 2 }}>
            <Typography variant="body2">
              Gere um endereço secreto e assine-o no Google Agenda, Outlook ou Calendário da Apple (“adicionar calendário por URL”). Ele traz seus
              eventos, prazos e feriados, com apenas o nome do cliente e o protocolo. Gerar um novo endereço desativa o anterior.
            </Typography>
            {feed.problem && <Alert severity="error">{feed.problem}</Alert>}
            {feed.url && (
              <TextField
                label="Endereço da sua agenda (mostrado só agora)"
                value={feed.url}
                slotProps={{ htmlInput: { readOnly: true, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
              />
            )}
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              {feed.url && (
                <Button onClick={() => navigator.clipboard?.writeText(feed.url ?? '').then(() => notify('Endereço copiado.'))}>Copiar</Button>
              )}
              <Button onClick={() => setFeed(null)}>Fechar</Button>
              <Button variant="contained" onClick={renewFeed} disabled={feed.busy}>
                {feed.url ? 'Gerar outro' : 'Gerar endereço'}
              </Button>
            </Box>
          </Box>
        </ModalDialog>
      )}
      <Typography variant="caption" color="text.secondary">
        Horários de Brasília. Eventos recorrentes aparecem em cada ocorrência; editar um altera todas.
      </Typography>
    </Box>
  );
}
