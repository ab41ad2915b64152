import { ApiError } from './errors';
import { failure } from './testing';
import { downloadBlob, fileRefusal, formatBytes, uploadDocumento } from './transfer';


type Listener = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

/** A fake XMLHttpRequest: records what was sent; the test plays the server's side. */
class FakeXhr {
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

const realXhr = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
beforeEach(() => {
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXhr;
});
afterAll(() => {
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = realXhr;
});

const pdf = () => new File([new Uint8Array([37, 80, 68, 70])], 'contrato.pdf', { type: 'application/pdf' });

describe('uploadDocumento', () => {
  it('posts multipart with the token, reports progress and resolves with data', async () => {
    const progress: number[] = [];
    const done = uploadDocumento(pdf(), { registroId: 'r1', titulo: '', clienteId: undefined }, { Authorization: 'Bearer t' }, (f) =>
      progress.push(f),
    );
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/documentos');
    expect(xhr.headers.Authorization).toBe('Bearer t');
    const form = xhr.sent as FormData;
    expect(form.get('registroId')).toBe('r1');
    expect(form.has('titulo')).toBe(false);
    expect((form.get('arquivo') as File).name).toBe('contrato.pdf');
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress!({ lengthComputable: false, loaded: 0, total: 0 });
    xhr.answer(201, { data: { _id: 'd1', nomeArquivo: 'contrato.pdf' } });
    await expect(done).resolves.toEqual({ _id: 'd1', nomeArquivo: 'contrato.pdf' });
    expect(progress).toEqual([0.25, 1]);
  });

  it("rejects with the server's message", async () => {
    const done = uploadDocumento(pdf(), {}, {}, () => {});
    FakeXhr.last.answer(413, { statusCode: 413, message: 'O arquivo excede 20 MB.' });
    await expect(done).rejects.toMatchObject({ status: 413, message: 'O arquivo excede 20 MB.' });
  });

  it('words a refused body that is not JSON by its status, and a dropped connection', async () => {
    const refused = uploadDocumento(pdf(), {}, {}, () => {});
    FakeXhr.last.answer(415, '<html></html>');
    await expect(refused).rejects.toMatchObject({ status: 415, message: 'Tipo de arquivo não permitido.' });
    const dropped = uploadDocumento(pdf(), {}, {}, () => {});
    FakeXhr.last.onerror!();
    const error = await failure(dropped);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/conexão foi interrompida/);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const done = uploadDocumento(pdf(), {}, {}, () => {}, controller.signal);
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('downloadBlob', () => {
  it('gets the file as a blob with the token and reports progress', async () => {
    const progress: number[] = [];
    const done = downloadBlob('/api/documentos/d1/download', { Authorization: 'Bearer t' }, (f) => progress.push(f));
    const xhr = FakeXhr.last;
    expect(xhr.responseType).toBe('blob');
    expect(xhr.headers.Authorization).toBe('Bearer t');
    xhr.onprogress!({ lengthComputable: true, loaded: 3, total: 4 });
    xhr.answer(200, 'PDF!');
    const blob = await done;
    await expect(blob.text()).resolves.toBe('PDF!');
    expect(progress).toEqual([0.75, 1]);
  });

  it("reads the server's message out of an error blob", async () => {
    const done = downloadBlob('/api/documentos/x/download', {});
    FakeXhr.last.answer(404, { message: 'Documento não encontrado.' });
    await expect(done).rejects.toMatchObject({ status: 404, message: 'Documento não encontrado.' });
  });
});

describe('file rules', () => {
  it('refuses empty files and unknown types', () => {
    expect(fileRefusal({ name: 'a.pdf', size: 0 })).toMatch(/vazio/);
    expect(fileRefusal({ name: 'a.exe', size: 10 })).toMatch(/não é de um tipo aceito/);
    expect(fileRefusal({ name: 'A.PDF', size: 10 })).toBeNull();
  });

  it('words sizes in pt-BR', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(48 * 1024)).toBe('48 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
  });
});
