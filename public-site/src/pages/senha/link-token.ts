import { useEffect, useState } from 'react';

/** Where a page opened from an e-mailed link stands. */
export type LinkPhase = 'loading' | 'no-token' | 'invalid' | 'form' | 'done';

/**
 * The token of an e-mailed link (`?token=…`), read in the browser (the prerendered HTML is the same for every
 * token) and checked once on arrival: `check` answers the phase the page opens in ('invalid' for a spent or
 * expired link, said at once rather than after the form is filled; 'form' otherwise). No token: 'no-token'.
 */
export function useLinkToken(check: (token: string) => Promise<LinkPhase>) {
  const [phase, setPhase] = useState<LinkPhase>('loading');
  const [token, setToken] = useState('');
  const [checkOnce] = useState(() => check);
  useEffect(() => {
    const found = new URLSearchParams(window.location.search).get('token') ?? '';
    setToken(found);
    if (!found) {
      setPhase('no-token');
      return;
    }
    void checkOnce(found).then(setPhase);
  }, [checkOnce]);
  return { phase, setPhase, token };
}
