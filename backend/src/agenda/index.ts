// The public surface of agenda: other folders import from here, never one of its files (architecture.spec.ts).
export { AgendaModule } from './agenda.module';
export { AgendaEvento, AgendaFeed, AgendaLembrete, AgendaParticipante } from './entities/agenda.entities';
