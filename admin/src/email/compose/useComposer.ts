/*
 * What compose does with its form: Enviar, Salvar rascunho, Descartar, and keeping the work as a
 * draft when it closes any other way (the close button, Esc, a folder change, leaving the page).
 */
import { useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { MAIL_MESSAGES, sendFailedText } from '@veritas/common';
import { SendError, useMailbox } from '../../providers/emailMethods';
import { useMailText } from '../mailText';
import type { ComposeInit } from '../replies';
import { changedSince, payloadOf, serverErrorField, valuesOf, type ComposeValues } from './composeForm';

export interface ComposeStatus {
  busy: null | 'send' | 'draft';
  /** The upload's progress, 0 to 1. */
  progress: number;
  /** A failure about the whole message (a field's own shows on the field). */
  problem: string | null;
}

const IDLE: ComposeStatus = { busy: null, progress: 0, problem: null };

export type Composer = ReturnType<typeof useComposer>;

export function useComposer(init: ComposeInit, done: { onClose: () => void; onSaved: () => void }) {
  const mail = useMailbox();
  const notify = useNotify();
  const t = useMailText();
  const [status, setStatus] = useState<ComposeStatus>(IDLE);
  // The draft being edited: the one reopened, or the one the server kept a failed send in.
  const draftId = useRef(init.draftId);
  // What compose started from: closing saves a draft only when something differs from it.
  const baseline = useRef(valuesOf(init));
  const finished = useRef(false);

  const submit = (kind: 'send' | 'draft', values: ComposeValues, onProgress: (fraction: number) => void = () => undefined) =>
    mail.submitEmail({ kind, draftId: draftId.current }, payloadOf(values, init.inReplyTo), values.files ?? [], onProgress);
  const progress = (fraction: number) => setStatus((s) => ({ ...s, progress: fraction }));
  const reason = (e: unknown) => (e instanceof Error ? e.message : '');
  const finish = () => {
    finished.current = true;
    done.onSaved();
    done.onClose();
  };

  return {
    ...status,
    /** Enviar, once the form's rules pass; a refusal the server ties to a field is answered as that field's error. */
    async send(values: ComposeValues): Promise<Partial<Record<keyof ComposeValues, string>> | undefined> {
      setStatus({ busy: 'send', progress: 0, problem: null });
      try {
        await submit('send', values, progress);
      } catch (e) {
        const field = serverErrorField(reason(e));
        // The server kept the message in Rascunhos: compose now edits that draft.
        if (e instanceof SendError && e.draftId) {
          draftId.current = e.draftId;
          done.onSaved();
        }
        setStatus({ ...IDLE, problem: field ? null : sendFailedText(reason(e)) });
        return field ? { [field]: reason(e) } : undefined;
      }
      notify(MAIL_MESSAGES.sent, { type: 'success' });
      finish();
      return undefined;
    },
    async saveDraft(values: ComposeValues) {
      setStatus({ busy: 'draft', progress: 0, problem: null });
      try {
        await submit('draft', values, progress);
      } catch (e) {
        setStatus({ ...IDLE, problem: t('compose.draftFailed', { reason: reason(e) }) });
        return;
      }
      notify(t('compose.draftSaved'), { type: 'info' });
      finish();
    },
    discard() {
      finished.current = true;
      done.onClose();
    },
    /** Compose is closing: what changed since it opened stays in Rascunhos, unless sent or discarded. */
    keepOnClose(values: ComposeValues) {
      if (finished.current || !changedSince(baseline.current, values)) return;
      submit('draft', values).then(
        () => {
          notify(t('compose.draftSaved'), { type: 'info' });
          done.onSaved();
        },
        (e: unknown) => notify(t('compose.draftFailed', { reason: reason(e) }), { type: 'error' }),
      );
    },
    /** The editor's own rendering of the starting body: an untouched body is not a change. */
    startedWithBody(html: string) {
      baseline.current = { ...baseline.current, body: html };
    },
  };
}
