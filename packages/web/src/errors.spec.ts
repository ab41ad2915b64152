import { ApiError, apiErrorFrom, errorMessage, errorStatus, serverMessage, statusMessage } from './errors';

describe('serverMessage', () => {
  it('reads a text message', () => {
    expect(serverMessage({ statusCode: 409, message: 'CNPJ já cadastrado.' })).toBe('CNPJ já cadastrado.');
  });

  it('joins a list of messages with a space, skipping blanks', () => {
    expect(serverMessage({ message: ['E-mail inválido.', '  ', 'Senha fraca.'] })).toBe('E-mail inválido. Senha fraca.');
  });

  it('gives null when there is nothing to read', () => {
    expect(serverMessage(null)).toBeNull();
    expect(serverMessage('texto')).toBeNull();
    expect(serverMessage({ message: '   ' })).toBeNull();
    expect(serverMessage({ message: [] })).toBeNull();
    expect(serverMessage({ message: 42 })).toBeNull();
  });
});

describe('apiErrorFrom', () => {
  it("prefers the server's message, then the caller's fallback, then one for the status", () => {
    expect(apiErrorFrom(400, { message: 'CEP inválido.' }, 'Falhou.').message).toBe('CEP inválido.');
    expect(apiErrorFrom(400, null, 'Falhou.').message).toBe('Falhou.');
    expect(apiErrorFrom(413, null).message).toBe('O arquivo excede o tamanho máximo permitido.');
    expect(apiErrorFrom(418, null).message).toContain('erro 418');
  });

  it('keeps the status and the body', () => {
    const error = apiErrorFrom(422, { message: 'x' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.body).toEqual({ message: 'x' });
  });
});

describe('errorMessage', () => {
  it("gives an ApiError's message", () => {
    expect(errorMessage(new ApiError(409, 'Já existe.'), 'fallback')).toBe('Já existe.');
  });

  it("reads the body of another library's HTTP error (react-admin's HttpError)", () => {
    const httpError = Object.assign(new Error('Bad Request'), { status: 400, body: { message: ['Nome obrigatório.'] } });
    expect(errorMessage(httpError, 'fallback')).toBe('Nome obrigatório.');
    expect(errorMessage(Object.assign(new Error('x'), { status: 500, body: null }), 'Tente de novo.')).toBe('Tente de novo.');
  });

  it('never shows a programming error', () => {
    expect(errorMessage(new TypeError("Cannot read properties of undefined (reading 'x')"), 'Erro ao salvar.')).toBe('Erro ao salvar.');
    expect(errorMessage(undefined, 'Erro ao salvar.')).toBe('Erro ao salvar.');
  });
});

describe('errorStatus and statusMessage', () => {
  it('tells the status of an answer, none without one', () => {
    expect(errorStatus(new ApiError(404, 'x'))).toBe(404);
    expect(errorStatus(new ApiError(0, 'x'))).toBeUndefined();
    expect(errorStatus({ status: 403, body: null })).toBe(403);
    expect(errorStatus(new Error('x'))).toBeUndefined();
  });

  it('words a lost connection', () => {
    expect(statusMessage(0)).toMatch(/conexão/);
  });
});
