/*
 * The contact messages' actions (Mensagens, §2.10) as named dataProvider methods, spread into the
 * core dataProvider and reached with `useMensagensApi()` (useDataProvider: a 401 signs out).
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { ContatoMensagemResponse } from '@veritas/common';
import type { WithId } from '@veritas/web';
import { runBulk } from './bulk';
import { apiAnswer, apiData } from './webClient';

type Mensagem = WithId<ContatoMensagemResponse>;

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
    const { data, message } = await apiAnswer<Mensagem>(`${mensagemPath(id)}/resposta`, { method: 'POST', body: reply });
    return { data, message };
  },
};

export type MensagensMethods = typeof mensagensMethods;

export function useMensagensApi(): DataProvider & MensagensMethods {
  return useDataProvider<DataProvider & MensagensMethods>();
}
