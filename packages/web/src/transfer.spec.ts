import { ApiError } from './errors';
import { FakeXhr, failure, useFakeXhr } from './testing';
import { downloadBlob, fileRefusal, formatBytes, sendWithProgress, uploadDocumento } from './transfer';

useFakeXhr();

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

describe('sendWithProgress', () => {
  it('PUTs a JSON body as JSON and resolves with the whole answer', async () => {
    const done = sendWithProgress('/api/emails/drafts/d1', '{"subject":"Oi"}', { Authorization: 'Bearer t' }, { method: 'PUT' });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('PUT');
    expect(xhr.headers['Content-Type']).toBe('application/json');
    expect(xhr.sent).toBe('{"subject":"Oi"}');
    xhr.answer(200, { data: { _id: 'd1' }, message: 'Rascunho salvo.' });
    await expect(done).resolves.toEqual({ data: { _id: 'd1' }, message: 'Rascunho salvo.' });
  });

  it("keeps the refusal's body (a send kept as a draft says which) and words a dropped connection as told", async () => {
    const refused = sendWithProgress('/api/emails/send', new FormData(), {});
    expect(FakeXhr.last.headers['Content-Type']).toBeUndefined();
    FakeXhr.last.answer(400, { statusCode: 400, message: 'Destinatário inválido.', draftId: 'd9' });
    const error = await failure(refused);
    expect(error.message).toBe('Destinatário inválido.');
    expect(error.body).toMatchObject({ draftId: 'd9' });
    const dropped = sendWithProgress('/api/emails/send', '{}', {}, { connectionLost: 'Falha de conexão com o servidor.' });
    FakeXhr.last.onerror!();
    await expect(dropped).rejects.toMatchObject({ status: 0, message: 'Falha de conexão com o servidor.' });
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
