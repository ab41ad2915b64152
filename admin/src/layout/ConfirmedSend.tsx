import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { errorMessage, UNEXPECTED_FAILURE } from '@veritas/web';

/**
 * A send that is asked for first (a password-reset link to a client or to a staff member): the
 * trigger opens a Confirm, the send goes through a named dataProvider method, and the server's
 * answer — or its refusal, prefixed with `errorKey` — is notified. `trigger` gets the opener and
 * whether a send is under way.
 */
export function ConfirmedSend(props: {
  send: () => Promise<{ message?: string }>;
  trigger: (open: () => void, pending: boolean) => ReactNode;
  title: string;
  content: string;
  confirm: string;
  sentKey: string;
  errorKey: string;
}) {
  const notify = useNotify();
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const send = useMutation({
    mutationFn: props.send,
    onSuccess: (answer) => notify(answer.message ?? translate(props.sentKey), { type: 'success' }),
    onError: (error) => notify(`${translate(props.errorKey)}: ${errorMessage(error, UNEXPECTED_FAILURE)}`, { type: 'error' }),
    onSettled: () => setAsking(false),
  });
  return (
    <>
      {props.trigger(() => setAsking(true), send.isPending)}
      <Confirm
        isOpen={asking}
        loading={send.isPending}
        title={props.title}
        content={props.content}
        confirm={props.confirm}
        confirmColor="primary"
        onConfirm={() => send.mutate()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
