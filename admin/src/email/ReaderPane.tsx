import { useEffect, useRef } from 'react';
import { Alert, Box, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { MAIL_MESSAGES, type EmailDetail } from '@veritas/common';
import { useMailbox } from '../providers/emailMethods';
import { messageKey } from './mailCache';
import { MailReader, type ReaderProps } from './MailReader';
import { useMailText } from './mailText';

export interface OpenMessage {
  message: EmailDetail | null;
  error: string | null;
}

/** The message of the address (`email`), read once it is open; an unread one of the inbox becomes read (§4). */
export function useOpenMessage(openId: string | null, markRead: (m: EmailDetail) => void): OpenMessage {
  const mail = useMailbox();
  const query = useQuery({
    queryKey: messageKey(openId ?? ''),
    queryFn: ({ signal }) => mail.getEmail(openId ?? '', signal),
    enabled: Boolean(openId),
  });
  const message = openId && query.data?._id === openId ? query.data : null;
  // Once per opening: a message marked unread while open stays unread.
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!openId) marked.current = null;
    if (!message || marked.current === message._id) return;
    marked.current = message._id;
    markRead(message);
  }, [openId, message, markRead]);
  useEffect(() => {
    if (query.error) console.error('Erro ao abrir email', query.error);
  }, [query.error]);
  if (!openId || !query.error) return { message, error: null };
  return { message: null, error: query.error instanceof Error && query.error.message ? query.error.message : MAIL_MESSAGES.notFound };
}

/** The reading view, or what stands in its place while the message loads or when it cannot. */
export function ReaderPane({ open, ...props }: { open: OpenMessage } & Omit<ReaderProps, 'message'>) {
  const t = useMailText();
  if (open.message) return <MailReader key={open.message._id} message={open.message} {...props} />;
  if (open.error) {
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {open.error}
      </Alert>
    );
  }
  return (
    <Box role="status" sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
      <CircularProgress aria-label={t('reader.loading')} />
    </Box>
  );
}
