import { useEffect, useMemo, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { frameDocument } from './safeHtml';

/*
 * Where a message body is shown: an iframe sandboxed WITHOUT allow-scripts (nothing in it runs,
 * whatever slipped through two sanitisers), without allow-forms or top navigation. It keeps
 * allow-same-origin only so that this page can size it to its content and it can show the
 * blob: URLs of inline images; links open in a new tab (allow-popups), outside the sandbox.
 */
const SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';
const MIN_HEIGHT = 80;

export function MessageFrame({ html, showRemote, title }: { html: string; showRemote: boolean; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(MIN_HEIGHT);
  const srcDoc = useMemo(() => frameDocument(html, showRemote), [html, showRemote]);

  // Images arriving later change the height: watch the body for as long as this document stays.
  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    let observer: ResizeObserver | null = null;
    const fit = () => {
      const doc = iframe.contentDocument;
      if (!doc?.documentElement) return;
      setHeight(Math.max(MIN_HEIGHT, Math.ceil(doc.documentElement.scrollHeight)));
    };
    const onLoad = () => {
      observer?.disconnect();
      fit();
      const body = iframe.contentDocument?.body;
      if (body) {
        observer = new ResizeObserver(fit);
        observer.observe(body);
      }
    };
    iframe.addEventListener('load', onLoad);
    if (iframe.contentDocument?.readyState === 'complete' && iframe.contentDocument.URL === 'about:srcdoc') onLoad();
    return () => {
      iframe.removeEventListener('load', onLoad);
      observer?.disconnect();
    };
  }, [srcDoc]);

  return (
    <Box
      component="iframe"
      ref={frame}
      title={title}
      sandbox={SANDBOX}
      referrerPolicy="no-referrer"
      srcDoc={srcDoc}
      sx={{ display: 'block', width: '100%', border: 0, height, colorScheme: 'light' }}
    />
  );
}
