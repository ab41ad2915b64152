import { ApiError, apiErrorFrom, errorMessage, errorStatus, fieldErrors, serverMessage, serverSentences, statusMessage } from './errors';

describe('serverMessage', () => {
  it('reads a text message', () => {
    expect(serverMessage({ statusCode: 409, message: 'CNPJ já cadastrado.' })).toBe('CNPJ já cadastrado.');
  });

  it('joins a list of messages with a space, skipping blanks', () => {
    expect(serverMessage({ message: ['E-mail inválido.', '  ', 'Senha fraca.'] })).toBe('E-mail inválido. Senha fraca.');
  });

  it('closes each sentence of a list that lacks its stop, never joining with a semicolon', () => {
    const text = serverMessage({ statusCode: 400, message: ['Nome é obrigatório', 'Email é obrigatório', 'Você aceita?'], error: 'Bad Request' });
    expect(text).toBe('Nome é obrigatório. Email é obrigatório. Você aceita?');
    expect(text).not.toContain(';');
  });

  it('keeps a single message as the server wrote it, its own semicolon included', () => {
    expect(serverMessage({ message: 'Um evento pode durar no máximo 31 dias; use a recorrência para repeti-lo.' })).toBe(
      'Um evento pode durar no máximo 31 dias; use a recorrência para repeti-lo.',
    );
    expect(serverMessage({ message: 'Razão Social é obrigatória' })).toBe('Razão Social é obrigatória');
  });

  it('says one sentence per field when the server names the fields', () => {
    const body = {
      statusCode: 400,
      message: 'CNPJ inválido; E-mail é obrigatório',
      error: 'Bad Request',
      errors: { cnpj: ['CNPJ inválido'], email: 'E-mail é obrigatório', 'servicos.0.nome': ['Informe o nome.', 'No máximo 100 caracteres.'] },
    };
    expect(serverSentences(body)).toEqual(['CNPJ inválido', 'E-mail é obrigatório', 'Informe o nome. No máximo 100 caracteres.']);
    expect(serverMessage(body)).toBe('CNPJ inválido. E-mail é obrigatório. Informe o nome. No máximo 100 caracteres.');
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
  it("gives the server's words of an ApiError", () => {
    expect(errorMessage(apiErrorFrom(409, { statusCode: 409, message: 'Já existe.' }), 'fallback')).toBe('Já existe.');
  });

  it("says the screen's words when the server said none, unless the status tells more", () => {
    expect(errorMessage(apiErrorFrom(500, null), 'Erro ao carregar usuários. Por favor, tente novamente.')).toBe('Erro ao carregar usuários. Por favor, tente novamente.');
    expect(errorMessage(apiErrorFrom(404, {}), 'Registro não encontrado.')).toBe('Registro não encontrado.');
    expect(errorMessage(apiErrorFrom(0, null), 'Erro ao carregar.')).toMatch(/conexão/);
    expect(errorMessage(new ApiError(0, 'Não foi possível enviar o arquivo: a conexão foi interrompida.'), 'x')).toMatch(/conexão foi interrompida/);
    expect(errorMessage(apiErrorFrom(401, null), 'x')).toBe('Sua sessão expirou. Entre novamente.');
    expect(errorMessage(apiErrorFrom(413, null), 'x')).toBe('O arquivo excede o tamanho máximo permitido.');
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

describe('fieldErrors', () => {
  it('gives the server refusal by field, for a form to show beside each input', () => {
    const error = apiErrorFrom(400, { statusCode: 400, message: 'x', error: 'Bad Request', errors: { cnpj: ['CNPJ inválido.'], 'servicos.0.valor': 'Valor inválido.', vazio: ['  '] } });
    expect(fieldErrors(error)).toEqual({ cnpj: 'CNPJ inválido.', 'servicos.0.valor': 'Valor inválido.' });
    expect(error.message).toBe('CNPJ inválido. Valor inválido.');
  });

  it('reads the same from another library\'s HTTP error, and nothing from a refusal naming no field', () => {
    expect(fieldErrors(Object.assign(new Error('x'), { status: 400, body: { errors: { nome: 'Nome é obrigatório' } } }))).toEqual({ nome: 'Nome é obrigatório' });
    expect(fieldErrors(new ApiError(409, 'CNPJ já cadastrado.', { message: 'CNPJ já cadastrado.' }))).toEqual({});
    expect(fieldErrors(new TypeError('x'))).toEqual({});
    expect(fieldErrors(null)).toEqual({});
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
