/*
 * The contact messages' actions (Mensagens, §2.10) as named dataProvider methods, spread into the
 * core dataProvider and reached with `useMensagensApi()` (useDataProvider: a 401 signs out).
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { ContatoMensagemResponse } from '@veritas/common';
import { runBulk } from './bulk';
import { withId } from './httpClient';
import { apiData } from './registrosMethods';
import { webClient } from './webClient';

type Mensagem = ContatoMensagemResponse & { id: string };

const mensagemPath = (id: string) => `/contato/${encodeURIComponent(id)}`;

export const mensagensMethods = {
  /** One message; opening it marks it read on the server. */
  getMensagem: (id: string) => apiData<Mensagem>(mensagemPath(id)),
  /** Marks read/unread or handled/not handled. */
  updateMensagem: (id: string, change: { lida?: boolean; tratada?: boolean }) => apiData<Mensagem>(mensagemPath(id), { method: 'PUT', body: change }),
  /** Bulk "Marcar como tratada": each message marked on its own; answers how many went through. */
  markMensagensTratadas: (ids: readonly (string | number)[]) =>
    runBulk(ids, (id) => apiData<Mensagem>(mensagemPath(id), { method: 'PUT', body: { tratada: true } }), 'Erro ao atualizar a mensagem.'),
  /** Replies by e-mail; answers the message (now handled) and the server's confirmation. */
  replyMensagem: async (id: string, reply: { assunto: string; mensagem: string }) => {
    const body = await webClient.request<{ data: ContatoMensagemResponse; message?: string }>(`/api${mensagemPath(id)}/resposta`, { method: 'POST', body: reply });
    return { data: withId(body.data) as Mensagem, message: body.message };
  },
};

export type MensagensMethods = typeof mensagensMethods;

export function useMensagensApi(): DataProvider & MensagensMethods {
  return useDataProvider<DataProvider & MensagensMethods>();
}
