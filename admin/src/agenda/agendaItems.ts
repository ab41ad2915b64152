/*
 * The calendar's items as FullCalendar draws them, and where each opens for the person reading
 * (pure: tested beside it). The server's `link` names the registro or the charge; which screen
 * shows it depends on the screens the reader may open (@veritas/common's canOpenScreen, which the
 * menu reads too).
 */
import type { EventInput } from '@fullcalendar/core';
import { canOpenScreen, type AgendaItemResponse, type Principal } from '@veritas/common';
import { agendaColors } from '@veritas/web';

/** Colours per kind (the legend says them in words: the colour is never the only sign). */
export const KIND_COLORS: Readonly<Record<string, string>> = agendaColors;
export const AUSENTE_COLOR = agendaColors.ausente;

/**
 * The panel path (under the router's basename) an item opens for `reader`, or null: a registro's
 * deadline opens the registro on the board's list for whoever reads every registro, on Meus
 * Registros otherwise; a charge opens its details for whoever sees Finanças. Events open their
 * dialog and holidays nothing.
 */
export function itemPath(item: AgendaItemResponse, reader: Principal | null): string | null {
  const registro = /^\/painel\/(?:registros|meu-registros)\/([^/?#]+)$/.exec(item.link);
  if (registro) {
    const screen = ['registros', 'meu-registros'].find((s) => canOpenScreen(reader, `/painel/${s}`));
    return screen ? `/${screen}/${registro[1]}` : null;
  }
  if (item.kind === 'cobranca') {
    if (!canOpenScreen(reader, '/painel/financas')) return null;
    const id = item.id.startsWith('cobranca-') ? item.id.slice('cobranca-'.length) : '';
    return id ? `/financas/${id}/show` : '/financas';
  }
  return null;
}

/** One item as FullCalendar's event: its colour, "(responsável ausente)" when so, and its address as the chip's link. */
export function toEventInput(item: AgendaItemResponse, href: string | null, ausenteTitle: (titulo: string) => string): EventInput {
  const color = item.ausente ? AUSENTE_COLOR : (KIND_COLORS[item.kind] ?? KIND_COLORS['prazo-exigencia']);
  return {
    id: item.id,
    title: item.ausente ? ausenteTitle(item.titulo) : item.titulo,
    start: item.inicio,
    end: item.fim,
    allDay: item.allDay,
    backgroundColor: color,
    borderColor: color,
    ...(href ? { url: href } : {}),
    extendedProps: { item },
  };
}
