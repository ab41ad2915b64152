import { Injectable, OnModuleInit } from '@nestjs/common';
import { addCalendarDays } from '@veritas/common';
import { CalendarioService } from '../calendario';
import { AgendaItem, AgendaQuery, AgendaSource, AgendaSources } from './agenda-source';
import { daysOf } from './registro-deadlines';

/** The firm's holidays (national and its own days, CalendarioService), for everyone: "feriado". */
@Injectable()
export class FeriadoSource implements AgendaSource, OnModuleInit {
  readonly kind = 'feriado';

  constructor(
    private readonly calendario: CalendarioService,
    private readonly sources: AgendaSources,
  ) {}

  onModuleInit(): void {
    this.sources.register(this);
  }

  async itemsBetween(q: AgendaQuery): Promise<AgendaItem[]> {
    const [first, last] = daysOf(q.inicio, q.fim);
    const items: AgendaItem[] = [];
    for (let ano = Number(first.slice(0, 4)); ano <= Number(last.slice(0, 4)); ano++) {
      if (ano < 2000 || ano > 2100) continue;
      for (const f of await this.calendario.listFeriados(ano)) {
        if (f.data < first || f.data > last) continue;
        items.push({
          id: `feriado-${f.data}`,
          kind: this.kind,
          titulo: f.nome,
          inicio: f.data,
          fim: addCalendarDays(f.data, 1),
          allDay: true,
          link: '/painel/agenda',
          uid: `feriado-${f.data}@veritas`,
        });
      }
    }
    return items;
  }
}
