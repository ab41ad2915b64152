import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin from '@fullcalendar/interaction';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import type { DateSelectArg, EventClickArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SelectInput, useBasename, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { type AgendaItemResponse, can } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { FilterBar } from '../layout/FilterBar';
import { PanelTitle } from '../layout/PanelTitle';
import { useUserType } from '../layout/useUserType';
import { itemPath, toEventInput } from './agendaItems';
import { useAgendaApi } from '../providers/agendaMethods';
import { AgendaLegend } from './AgendaLegend';
import { EventoDialog, type EventoDialogState } from './EventoDialog';
import { FeedDialog } from './FeedDialog';

const A = 'resources.agenda';

/**
 * /painel/agenda: the person's calendar (month, week, day, list) with events, registro due dates
 * and holidays; the board sees everyone's and may pick one person (?responsavel= in the URL).
 * Clicking a day or a slot creates an event; clicking an event edits it (its creator or the board)
 * or shows it; a deadline or a charge opens the screen its reader may see.
 */
export default function AgendaPage() {
  const api = useAgendaApi();
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const basename = useBasename();
  const [params, setParams] = useSearchParams();
  const { principal } = useUserType();
  const { identity } = useGetIdentity();
  const isBoard = can(principal, 'agenda.all');
  const calendarRef = useRef<FullCalendar>(null);
  const pessoas = useQuery({ queryKey: ['agenda-pessoas'], queryFn: () => api.getAgendaPessoas() }).data ?? [];
  const [dialog, setDialog] = useState<EventoDialogState | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const responsavel = isBoard ? (params.get('responsavel') ?? '') : '';
  const wanted = params.get('evento');

  const fetchEvents = useCallback(
    (info: EventSourceFuncArg, success: (events: EventInput[]) => void, failure: (error: Error) => void) => {
      const href = (item: AgendaItemResponse) => {
        const path = itemPath(item, principal);
        return path ? `${basename}${path}` : null;
      };
      api
        .getAgenda({ inicio: info.start.toISOString(), fim: info.end.toISOString(), responsavel: responsavel || undefined })
        .then((items) => success(items.map((item) => toEventInput(item, href(item), (titulo) => translate(`${A}.responsavelAusente`, { titulo })))))
        .catch((err: unknown) => {
          notify(errorMessage(err, translate(`${A}.loadError`)), { type: 'error' });
          failure(err instanceof Error ? err : new Error('agenda'));
        });
    },
    [api, responsavel, notify, translate, principal, basename],
  );
  const eventSources = useMemo(() => [{ events: fetchEvents }], [fetchEvents]);

  // /painel/agenda?evento=<id> (the reminder e-mail's link): open it, on its date.
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const done = () =>
      setParams(
        (p) => {
          p.delete('evento');
          return p;
        },
        { replace: true },
      );
    api
      .getEvento(wanted)
      .then((evento) => {
        if (!live) return;
        calendarRef.current?.getApi().gotoDate(new Date(evento.inicio));
        setDialog({ mode: 'edit', evento, readOnly: !evento.podeEditar });
      })
      .catch((err: unknown) => live && notify(errorMessage(err, translate(`${A}.notFound`)), { type: 'error' }))
      .finally(() => live && done());
    return () => {
      live = false;
    };
  }, [api, wanted, notify, setParams, translate]);

  const onEventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const item = arg.event.extendedProps.item as AgendaItemResponse;
    if (item.kind === 'evento' && item.evento) setDialog({ mode: 'edit', evento: item.evento, readOnly: !item.evento.podeEditar });
    else if (arg.event.url) navigate(arg.event.url);
  };
  const choosePessoa = (id: string) =>
    setParams(
      (p) => {
        if (id) p.set('responsavel', id);
        else p.delete('responsavel');
        return p;
      },
      { replace: true },
    );

  return (
    <Box sx={{ mb: 4, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PanelTitle title={translate(`${A}.heading`)} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mr: 'auto' }}>
          {translate(`${A}.heading`)}
        </Typography>
        {isBoard && (
          <FilterBar values={{ responsavel }} onChange={(_, id) => choosePessoa(String(id ?? ''))}>
            <SelectInput
              source="responsavel"
              label={translate(`${A}.pessoa`)}
              choices={pessoas.map((p) => ({ id: p.id, name: p.id === identity?.id ? translate(`${A}.voce`, { nome: p.nome }) : p.nome }))}
              translateChoice={false}
              emptyText={translate(`${A}.todas`)}
              helperText={false}
              margin="none"
              size="small"
              sx={{ minWidth: 220 }}
            />
          </FilterBar>
        )}
        <Button variant="outlined" startIcon={<EventRepeatIcon />} onClick={() => setFeedOpen(true)}>
          {translate(`${A}.assinar`)}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
          {translate(`${A}.novo`)}
        </Button>
      </Box>
      <AgendaLegend financas={can(principal, 'financas.read')} />
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
          select={(arg: DateSelectArg) => setDialog({ mode: 'create', start: arg.start, end: arg.end, allDay: arg.allDay })}
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
            notify(`${A}.updated`, { type: 'success' });
            calendarRef.current?.getApi().refetchEvents();
          }}
        />
      )}
      {feedOpen && <FeedDialog onClose={() => setFeedOpen(false)} />}
      <Typography variant="caption" color="text.secondary">
        {translate(`${A}.rodape`)}
      </Typography>
    </Box>
  );
}
