import { Injectable } from '@nestjs/common';
import type { AgendaItemResponse, RecordPrincipal } from '@veritas/common';

/**
 * Whose items: everyone's (the board, unfiltered) or one person's (their own and those they take
 * part in).
 */
export type AgendaScope = { kind: 'all' } | { kind: 'user'; userId: string };

export interface AgendaQuery {
  /** Who is looking: decides what a source may show at all (a charge only to Finanças holders). */
  viewer: RecordPrincipal;
  scope: AgendaScope;
  /** [inicio, fim): UTC instants. */
  inicio: Date;
  fim: Date;
}

/** One thing in the calendar: the API's shape. */
export type AgendaItem = AgendaItemResponse;

/**
 * A kind of dated thing other modules own (a registro's due date, a stage's or an exigência's
 * deadline, a charge due). Each registers itself once (onModuleInit) with AgendaSources; GET
 * /api/agenda and the feed ask every registered source and merge the answers. A source applies
 * the scope and the viewer's rights itself, in SQL.
 */
export interface AgendaSource {
  readonly kind: string;
  itemsBetween(q: AgendaQuery): Promise<AgendaItem[]>;
}

@Injectable()
export class AgendaSources {
  private readonly sources: AgendaSource[] = [];

  register(source: AgendaSource): void {
    if (!this.sources.some((s) => s.kind === source.kind)) this.sources.push(source);
  }

  async itemsBetween(q: AgendaQuery): Promise<AgendaItem[]> {
    const lists = await Promise.all(this.sources.map((s) => s.itemsBetween(q)));
    return lists.flat();
  }
}
