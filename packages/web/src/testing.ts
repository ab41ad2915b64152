/* Test helpers of this package's specs (not exported by index.ts). */
import type { ApiError } from './errors';

/** The error a promise rejects with (the test fails if it resolves). */
export async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected a failure');
}

type Listener = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

/** A fake XMLHttpRequest: records what was sent; the test plays the server's side. */
export class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown;
  status = 0;
  responseText = '';
  response: unknown = null;
  responseType = '';
  upload: { onprogress: Listener } = { onprogress: null };
  onprogress: Listener = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body?: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseText = text;
    this.response = new Blob([text]);
    this.onload?.();
  }
}

/** Puts FakeXhr in place of XMLHttpRequest for the spec's tests. */
export function useFakeXhr(): void {
  const realXhr = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
  beforeEach(() => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXhr;
  });
  afterAll(() => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = realXhr;
  });
}
