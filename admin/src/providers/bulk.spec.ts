import { ApiError } from '@veritas/web';
import { bulkNotice, plural, runBulk } from './bulk';

describe('runBulk', () => {
  it('runs every id and keeps the server message of each failure', async () => {
    const seen: string[] = [];
    const result = await runBulk(
      ['a', 'b', 3],
      async (id) => {
        seen.push(id);
        if (id === 'b') throw new ApiError(400, 'Registro encerrado: o responsável não muda mais.');
      },
      'Erro.',
    );
    expect(seen.sort()).toEqual(['3', 'a', 'b']);
    expect(result).toEqual({ done: 2, failed: [{ id: 'b', message: 'Registro encerrado: o responsável não muda mais.' }] });
  });

  it('uses the fallback when the failure carries no message', async () => {
    const result = await runBulk(['x'], () => Promise.reject(undefined), 'Não foi possível.');
    expect(result.failed).toEqual([{ id: 'x', message: 'Não foi possível.' }]);
  });
});

describe('bulkNotice', () => {
  const done = (n: number) => `${plural(n, 'registro atribuído', 'registros atribuídos')}.`;
  const notDone = (n: number) => `${plural(n, 'não foi atribuído', 'não foram atribuídos')}`;

  it('success when all went through', () => {
    expect(bulkNotice({ done: 3, failed: [] }, done, notDone)).toEqual({ text: '3 registros atribuídos.', type: 'success' });
    expect(bulkNotice({ done: 1, failed: [] }, done, notDone).text).toBe('1 registro atribuído.');
  });

  it('a warning with the first reason when some failed, an error when all did', () => {
    const failed = [{ id: 'b', message: 'Registro encerrado.' }];
    expect(bulkNotice({ done: 2, failed }, done, notDone)).toEqual({ text: '2 registros atribuídos. 1 não foi atribuído: Registro encerrado.', type: 'warning' });
    expect(bulkNotice({ done: 0, failed }, done, notDone)).toEqual({ text: '1 não foi atribuído: Registro encerrado.', type: 'error' });
  });
});
