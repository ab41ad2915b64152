import { useRef } from 'react';

/**
 * The last non-null value: a dialog keeps showing what it showed while it fades out, instead of
 * going blank the moment its state is cleared.
 */
export function useClosing<T>(value: T | null): T | null {
  const last = useRef<T | null>(value);
  if (value !== null) last.current = value;
  return value ?? last.current;
}
