import { lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';

/** Agenda (issue 13): the calendar page at /painel/agenda (its own chunk), which reads and writes through the dataProvider. */
export default {
  page: lazy(() => import('./AgendaPage')),
  icon: EventIcon,
};
