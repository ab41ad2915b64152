/* Small React hooks the client area and the staff panel both use. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from './client';
import { errorMessage } from './errors';

/** `value`, once it has stopped changing for `ms`: a search box calls the server once per pause. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The last non-null value: a dialog keeps showing what it showed while it fades out, instead of
 * going blank the moment its state is cleared.
 */
export function useClosing<T>(value: T | null): T | null {
  const last = useRef<T | null>(value);
  if (value !== null) last.current = value;
  return value ?? last.current;
}

export interface Loaded<T> {
  data: T | undefined;
  /** The failure, worded for the screen (errorMessage). */
  error: string | null;
  loading: boolean;
  reload: () => void;
}

export const LOAD_FAILED = 'Ocorreu um erro inesperado. Tente novamente.';

/**
 * GETs `path` through `client` (null: nothing to fetch), again whenever it or `version` changes or
 * `reload()` is called; the answer's whole body. The previous answer stays on screen while the
 * next one loads; a stale answer is dropped.
 */
export function useApi<T>(client: ApiClient, path: string | null, version = 0): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: string | null; loading: boolean }>({
    data: undefined,
    error: null,
    loading: path !== null,
  });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    client
      .request<T>(path, { signal: controller.signal })
      .then((data) => setState({ data, error: null, loading: false }))
      .catch((error) => {
        if (!controller.signal.aborted) setState((s) => ({ data: s.data, error: errorMessage(error, LOAD_FAILED), loading: false }));
      });
    return () => controller.abort();
  }, [client, path, tick, version]);

  return { ...state, reload };
}
