import { LocalJobScheduler } from './local-job-scheduler';

describe('LocalJobScheduler (the embedded mode)', () => {
  it('keeps a failed run with its reason, runs it again on Repetir, and forgets it on Descartar', async () => {
    const jobs = new LocalJobScheduler(true);
    let calls = 0;
    jobs.schedule({ name: 'Quebrada', everyMs: 3_600_000, runOnce: async () => { calls++; throw new Error('disco cheio'); } });
    try {
      expect(await jobs.runNow('Quebrada')).toBe(true);
      await jobs.idle('Quebrada');
      const first = await jobs.failures(0, 10);
      expect(first.total).toBe(1);
      expect(first.rows[0]).toMatchObject({ nome: 'Quebrada', erro: 'disco cheio', tentativas: 1 });
      const estado = await jobs.state();
      expect(estado.tarefas[0]).toMatchObject({ nome: 'Quebrada', periodoSegundos: 3600, ultimaExecucao: { ok: false, erro: 'disco cheio' } });
      expect(estado.contagens.falhas).toBe(1);

      expect(await jobs.retry(first.rows[0]._id)).toBe(true);
      await jobs.idle('Quebrada');
      const again = await jobs.failures(0, 10);
      expect([calls, again.total, again.rows[0]._id === first.rows[0]._id]).toEqual([2, 1, false]);
      expect(await jobs.discard(again.rows[0]._id)).toBe(true);
      expect((await jobs.failures(0, 10)).total).toBe(0);
      expect(await jobs.retry(again.rows[0]._id)).toBe(false);
      expect(await jobs.runNow('Inexistente')).toBe(false);
    } finally {
      await jobs.close();
    }
  });

  it('schedules nothing where background jobs are off', async () => {
    const jobs = new LocalJobScheduler(false);
    jobs.schedule({ name: 'Qualquer', everyMs: 1000, runOnce: async () => undefined });
    expect((await jobs.state()).tarefas).toEqual([]);
    expect(await jobs.runNow('Qualquer')).toBe(false);
  });
});
