import { useEffect, useState } from 'react';
import type { EmailDetail } from '@veritas/common';
import { useMailbox } from '../providers/emailMethods';
import { inlineContentIds } from './safeHtml';

/** Inline parts (cid:) fetched with the token and shown through blob: URLs, freed on leaving. */
export function useInlineImages(m: EmailDetail): Map<string, string> {
  const mail = useMailbox();
  const [urls, setUrls] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    const wanted = inlineContentIds(m.body);
    const parts = m.attachments.filter((a) => a.contentId && wanted.has(a.contentId));
    if (!parts.length) return;
    const controller = new AbortController();
    const made: string[] = [];
    Promise.all(
      parts.map(async (a) => {
        const url = URL.createObjectURL(await mail.fetchEmailAttachment(a.id, controller.signal));
        made.push(url);
        return [a.contentId!, url] as const;
      }),
    ).then(
      (pairs) => setUrls(new Map(pairs)),
      (e: unknown) => {
        if (!controller.signal.aborted) console.error('Erro ao carregar imagens embutidas', e);
      },
    );
    return () => {
      controller.abort();
      made.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [m.body, m.attachments, mail]);
  return urls;
}
