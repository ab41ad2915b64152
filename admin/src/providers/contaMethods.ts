/*
 * Minha conta (issue 53, ADR 0048): the signed-in staff member's recovery e-mail and its confirmation
 * link, and the board's "Enviar link de redefinição" per user, as named dataProvider methods.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { EmailRecuperacaoResponse, MessageResponse } from '@veritas/common';
import { apiAnswer, webClient } from './webClient';

export const contaMethods = {
  /** The caller's recovery e-mail (null: none). */
  getEmailRecuperacao: () => apiAnswer<EmailRecuperacaoResponse | null>('/auth/recuperacao'),
  /** Sets (or replaces) it: unconfirmed until the link mailed to it is opened; answers the server's message. */
  setEmailRecuperacao: (email: string) => apiAnswer<EmailRecuperacaoResponse>('/auth/recuperacao', { method: 'PUT', body: { email } }),
  removeEmailRecuperacao: () => apiAnswer<null>('/auth/recuperacao', { method: 'DELETE' }),
  /** Opens the confirmation link (no session needed). */
  confirmEmailRecuperacao: (token: string) => webClient.request<MessageResponse>('/api/auth/recuperacao/confirmar', { method: 'POST', body: { token } }),
  /** The board sends a staff member a reset link, to that person's confirmed recovery e-mail. */
  sendUserPasswordReset: (id: string | number) =>
    webClient.request<MessageResponse>(`/api/users/${encodeURIComponent(String(id))}/enviar-redefinicao-senha`, { method: 'POST' }),
};

export type ContaMethods = typeof contaMethods;

export function useContaApi(): DataProvider & ContaMethods {
  return useDataProvider<DataProvider & ContaMethods>();
}
