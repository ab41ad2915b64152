import { useCallback } from 'react';
import { useTranslate } from 'react-admin';

export type MailText = (key: string, options?: Record<string, unknown>) => string;

/** The mailbox's labels: `resources.emails.<key>` of the i18n provider (admin/src/i18n/email.ts). */
export function useMailText(): MailText {
  const translate = useTranslate();
  return useCallback((key: string, options?: Record<string, unknown>) => translate(`resources.emails.${key}`, options), [translate]);
}
