/* The outgoing mail (issue 53): the Fila de saída's actions, the banner's figures and E-mail de saída, as named dataProvider methods. */
import type { EmailSaidaConfig, EmailSaidaInput, FilaSaidaItem, FilaSaidaResumo, MessageResponse } from '@veritas/common';
import { apiAnswer, apiData, webClient } from './webClient';

export const filaSaidaMethods = {
  /** Whether mail can go out, and how many messages wait (the board's banner). */
  filaSaidaResumo: () => apiData<FilaSaidaResumo>('/fila-saida/resumo'),
  /** A failed or waiting message is tried now, its attempts counted afresh. */
  reenviarMensagem: (id: string) => apiData<FilaSaidaItem>(`/fila-saida/${encodeURIComponent(id)}/reenviar`, { method: 'POST' }),
  /** A message that has not gone out never will; its content is removed. */
  cancelarMensagem: (id: string) => apiData<FilaSaidaItem>(`/fila-saida/${encodeURIComponent(id)}/cancelar`, { method: 'POST' }),
  /** Configurações → E-mail de saída: the relay in use and the panel's settings (never the password). */
  getEmailSaida: () => apiData<EmailSaidaConfig>('/configuracoes/email-saida'),
  /** Saves the relay; answers the server's message (how many waiting messages went back to the queue). */
  saveEmailSaida: (input: EmailSaidaInput) => apiAnswer<EmailSaidaConfig>('/configuracoes/email-saida', { method: 'PUT', body: input }),
  removeEmailSaida: () => apiAnswer<EmailSaidaConfig>('/configuracoes/email-saida', { method: 'DELETE' }),
  /** One e-mail straight through the relay in use: resolves when the relay accepted it. */
  testarEmailSaida: (para: string) => webClient.request<MessageResponse>('/api/configuracoes/email-saida/teste', { method: 'POST', body: { para } }),
};

export type FilaSaidaMethods = typeof filaSaidaMethods;
