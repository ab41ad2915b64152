import { Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AppConfig } from '../config';
import { currentContext } from '../request';
import { LocalJobScheduler } from './local-jobs';

const scheduler = (backgroundJobs = true) => new LocalJobScheduler(new SchedulerRegistry(), { scale: { backgroundJobs }, jobs: { attempts: 3, backoffMs: 1000 } } as AppConfig);

describe('LocalJobScheduler (the embedded mode, on @nestjs/schedule)', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'warn', 'error']));

  it('keeps a failed run with its reason, runs it again on Repetir, and forgets it on Descartar', async () => {
    const jobs = scheduler();
    let calls = 0;
    jobs.schedule({ name: 'Quebrada', everyMs: 3_600_000, runOnce: async () => { calls++; throw new Error('disco cheio'); } });
    try {
      expect(await jobs.runNow('Quebrada')).toBe(true);
      await jobs.idle('Quebrada');
      const first = await jobs.failures(0, 10);
      expect(first.total).toBe(1);
      expect(first.rows[0]).toMatchObject({ nome: 'Quebrada', erro: 'disco cheio', tentativas: 1 });
      const estado = await jobs.state();
      expect(estado.tarefas[0]).toMatchObject({ nome: 'Quebrada', periodoSegundos: 3600, cron: null, ultimaExecucao: { ok: false, erro: 'disco cheio' } });
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
      await jobs.onModuleDestroy();
    }
  });

  it('runs a pass right away when asked, in a context of its own, never two passes of one job at once', async () => {
    const jobs = scheduler();
    const ids: (string | undefined)[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    jobs.schedule({ name: 'Lenta', everyMs: 3_600_000, runOnce: async () => { ids.push(currentContext()?.requestId); await held; } }, { now: true });
    await new Promise((r) => setImmediate(r));
    expect(await jobs.runNow('Lenta')).toBe(true); // while the first pass runs: no second one
    release();
    await jobs.idle('Lenta');
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^tarefa-Lenta-/);
    expect((await jobs.state()).tarefas[0].ultimaExecucao).toMatchObject({ ok: true, erro: null });
    await jobs.onModuleDestroy();
  });

  it('puts a job on a calendar on a cron job read in its time zone, and stops every clock on shutdown', async () => {
    const registry = new SchedulerRegistry();
    const jobs = new LocalJobScheduler(registry, { scale: { backgroundJobs: true } } as AppConfig);
    jobs.schedule({ name: 'Backup', everyMs: 0, cron: { pattern: '0 3 * * *', tz: 'America/Sao_Paulo' }, runOnce: async () => undefined });
    jobs.schedule({ name: 'Varredura', everyMs: 60_000, runOnce: async () => undefined });
    const [backup] = (await jobs.state()).tarefas;
    expect(backup).toMatchObject({ nome: 'Backup', cron: '0 3 * * *' });
    expect(backup.proximaExecucao).toMatch(/T06:00:00\.000Z$/);
    expect([registry.getCronJobs().size, registry.getIntervals()]).toEqual([1, ['Varredura']]);
    await jobs.onModuleDestroy();
    expect([registry.getCronJobs().size, registry.getIntervals()]).toEqual([0, []]);
  });

  describe('a job that asks to be retried (the backup)', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
    afterEach(() => jest.useRealTimers());

    it('is tried again after JOBS_BACKOFF_SECONDS, then twice that; its failure shows the tries and the next one, and leaves when a try succeeds', async () => {
      const jobs = scheduler();
      const outcomes = ['disco cheio', 'arquivo sumiu', null];
      let calls = 0;
      jobs.schedule({ name: 'Backup', everyMs: 0, cron: { pattern: '0 3 * * *', tz: 'America/Sao_Paulo' }, retryOnFailure: true, runOnce: async () => {
        const erro = outcomes[calls++];
        if (erro) throw new Error(erro);
      } });
      try {
        await jobs.runNow('Backup');
        await jobs.idle('Backup');
        expect((await jobs.failures(0, 10)).rows).toEqual([expect.objectContaining({ nome: 'Backup', erro: 'disco cheio', tentativas: 1 })]);
        let estado = await jobs.state();
        expect(estado.contagens).toMatchObject({ atrasadas: 1, falhas: 1 });
        expect(Date.parse(estado.tarefas[0].proximaExecucao!) - Date.now()).toBe(1000);
        await jest.advanceTimersByTimeAsync(1000);
        await jobs.idle('Backup');
        expect((await jobs.failures(0, 10)).rows).toEqual([expect.objectContaining({ erro: 'arquivo sumiu', tentativas: 2 })]);
        estado = await jobs.state();
        expect(Date.parse(estado.tarefas[0].proximaExecucao!) - Date.now()).toBe(2000);
        await jest.advanceTimersByTimeAsync(1999);
        expect(calls).toBe(2);
        await jest.advanceTimersByTimeAsync(1);
        await jobs.idle('Backup');
        expect(calls).toBe(3);
        expect((await jobs.failures(0, 10)).total).toBe(0);
        estado = await jobs.state();
        expect(estado.contagens).toMatchObject({ atrasadas: 0, falhas: 0 });
        expect(estado.tarefas[0].ultimaExecucao).toMatchObject({ ok: true });
      } finally {
        await jobs.onModuleDestroy();
      }
    });

    it('stops after JOBS_ATTEMPTS tries and keeps the failure with them; a job that does not ask waits for its period', async () => {
      const jobs = scheduler();
      let backups = 0;
      let outros = 0;
      jobs.schedule({ name: 'Backup', everyMs: 0, cron: { pattern: '0 3 * * *', tz: 'America/Sao_Paulo' }, retryOnFailure: true, runOnce: async () => { backups++; throw new Error('sem espaço'); } });
      jobs.schedule({ name: 'Outra', everyMs: 3_600_000, runOnce: async () => { outros++; throw new Error('falhou'); } });
      try {
        await jobs.runNow('Backup');
        await jobs.runNow('Outra');
        for (const wait of [1000, 2000, 4000, 8000]) {
          await jobs.idle('Backup');
          await jest.advanceTimersByTimeAsync(wait);
        }
        expect([backups, outros]).toEqual([3, 1]);
        const falhas = (await jobs.failures(0, 10)).rows;
        expect(falhas.map((f) => [f.nome, f.tentativas])).toEqual(expect.arrayContaining([['Backup', 3], ['Outra', 1]]));
        expect((await jobs.state()).contagens.atrasadas).toBe(0);
      } finally {
        await jobs.onModuleDestroy();
      }
    });
  });

  it('schedules nothing where background jobs are off', async () => {
    const jobs = scheduler(false);
    jobs.schedule({ name: 'Qualquer', everyMs: 1000, runOnce: async () => undefined });
    expect((await jobs.state()).tarefas).toEqual([]);
    expect(await jobs.runNow('Qualquer')).toBe(false);
  });
});
