import { DataSource } from 'typeorm';
import { cnpjCheckDigits } from '@veritas/common';
import { CnpjConsulta } from '../../backend/src/lookup/entities/cnpj-consulta.entity';
import { clienteFixture, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { FakeProviders, officeFixture, startFakeProviders } from '../support/fake-providers';

/** A valid numeric CNPJ from an 8-digit root, branch 0001. */
const cnpjOf = (root: string) => `${root}0001${cnpjCheckDigits(`${root}0001`)}`;
const masked = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;

describe.each(databaseKinds())('CNPJ and CEP lookups on %s', (kind) => {
  let fake: FakeProviders;
  let api: TestApi;
  beforeAll(async () => {
    fake = await startFakeProviders();
    api = await TestApi.start(kind, {
      CNPJ_API_URL: fake.url,
      CEP_API_URL: `${fake.url}/`,
      CNPJ_API_KEY: 'chave-secreta',
      CNPJ_RATE_PER_MINUTE: '1000',
      LOOKUP_RATE_PER_IP: '1000',
      LOOKUP_TIMEOUT_SECONDS: '1',
    });
    await api.withStaff();
  });
  afterAll(async () => {
    await api.stop();
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  describe('CNPJ', () => {
    it('answers in the CNPJá office format, then serves the same answer from the database', async () => {
      const cnpj = cnpjOf('11222333');
      fake.offices.set(cnpj, officeFixture(cnpj));
      const first = await api.get(`/api/lookup/cnpj/${encodeURIComponent(masked(cnpj))}`);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        taxId: cnpj,
        alias: 'Pão Quente',
        head: true,
        status: { text: 'Ativa' },
        company: { name: 'PADARIA PAO QUENTE LTDA', equity: 150000.5, nature: { text: 'Sociedade Empresária Limitada' }, size: { text: 'Microempresa' }, simples: { optant: true, since: '2007-07-01' } },
        address: { street: 'Avenida Paulista', city: 'São Paulo', state: 'SP', zip: '01310100' },
        mainActivity: { id: 1091102 },
      });
      expect(first.body.data.company.members[1].agent.role.text).toBe('Procurador');
      expect(first.body.meta).toMatchObject({ cnpj, source: 'provider', stale: false });
      expect(first.body.message).toBeUndefined();
      expect(fake.cnpjCalls()).toEqual([{ path: `/office/${cnpj}`, authorization: 'chave-secreta' }]);

      const second = await api.get(`/api/lookup/cnpj/${cnpj}`);
      expect(second.body.data).toEqual(first.body.data);
      expect(second.body.meta).toEqual({ ...first.body.meta, source: 'cache' });
      expect(fake.cnpjCalls()).toHaveLength(1);
    });

    it('sends the alphanumeric CNPJ to the provider clean and upper-case', async () => {
      const base = '12ABC34501DE';
      const cnpj = base + cnpjCheckDigits(base);
      fake.offices.set(cnpj, officeFixture(cnpj));
      const r = await api.get(`/api/lookup/cnpj/${encodeURIComponent(masked(cnpj).toLowerCase())}`);
      expect(r.status).toBe(200);
      expect(fake.cnpjCalls().map((c) => c.path)).toEqual([`/office/${cnpj}`]);
    });

    it('invalid input is a 400 with the shared validator message, before any call', async () => {
      const good = cnpjOf('22333444');
      const wrongDv = good.slice(0, 13) + String((Number(good[13]) + 1) % 10);
      for (const [input, message] of [
        ['123', 'Formato de CNPJ inválido'],
        [wrongDv, 'CNPJ inválido (dígitos verificadores incorretos)'],
        ['11111111111111', 'CNPJ inválido (todos os dígitos iguais)'],
      ]) {
        const r = await api.get(`/api/lookup/cnpj/${input}`);
        expect([r.status, r.body.message]).toEqual([400, message]);
      }
      expect(fake.calls).toEqual([]);
    });

    it("an unknown CNPJ is 404 'CNPJ não encontrado na Receita Federal'", async () => {
      const r = await api.get(`/api/lookup/cnpj/${cnpjOf('33444555')}`);
      expect([r.status, r.body.message]).toEqual([404, 'CNPJ não encontrado na Receita Federal']);
    });

    it('concurrent lookups of one CNPJ make one provider call', async () => {
      const cnpj = cnpjOf('44555666');
      fake.offices.set(cnpj, officeFixture(cnpj));
      const replies = await Promise.all(Array.from({ length: 6 }, () => api.get(`/api/lookup/cnpj/${cnpj}`)));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(fake.cnpjCalls()).toHaveLength(1);
    });

    describe('for a client (GET /api/clientes/:id/cnpj-info)', () => {
      let cliente: any;
      let cnpj: string;
      beforeAll(async () => {
        cnpj = cnpjOf('55666777');
        cliente = (await api.post('/api/clientes', { ...clienteFixture(), cnpj }, 'master')).body.data;
      });

      it('fetches, caches, refreshes on demand, and goes back to the provider when the cache is older than CNPJ_CACHE_DAYS', async () => {
        fake.offices.set(cnpj, officeFixture(cnpj, { alias: 'Primeira' }));
        const first = await api.get(`/api/clientes/${cliente._id}/cnpj-info`, 'associado');
        expect(first.status).toBe(200);
        expect([first.body.data.alias, first.body.meta.source]).toEqual(['Primeira', 'provider']);

        fake.offices.set(cnpj, officeFixture(cnpj, { alias: 'Segunda' }));
        const cached = await api.get(`/api/clientes/${cliente._id}/cnpj-info`, 'associado');
        expect([cached.body.data.alias, cached.body.meta.source]).toEqual(['Primeira', 'cache']);

        const refreshed = await api.get(`/api/clientes/${cliente._id}/cnpj-info?refresh=true`, 'diretoria');
        expect([refreshed.body.data.alias, refreshed.body.meta.source]).toEqual(['Segunda', 'provider']);
        expect(Date.parse(refreshed.body.meta.fetchedAt)).toBeGreaterThanOrEqual(Date.parse(first.body.meta.fetchedAt));
        expect(fake.cnpjCalls()).toHaveLength(2);

        // 31 days later the stored answer is too old (default CNPJ_CACHE_DAYS = 30).
        const repo = api.app.get(DataSource).getRepository(CnpjConsulta);
        await repo.update({ cnpj }, { fetchedAt: new Date(Date.now() - 31 * 86_400_000) });
        fake.offices.set(cnpj, officeFixture(cnpj, { alias: 'Terceira' }));
        const expired = await api.get(`/api/clientes/${cliente._id}/cnpj-info`, 'master');
        expect([expired.body.data.alias, expired.body.meta.source]).toEqual(['Terceira', 'provider']);
        expect(fake.cnpjCalls()).toHaveLength(3);
      });

      it.each([
        ['down', 'O serviço de consulta de CNPJ não respondeu. Tente novamente em alguns minutos.'],
        ['hang', 'O serviço de consulta de CNPJ não respondeu. Tente novamente em alguns minutos.'],
        ['garbage', 'O serviço de consulta de CNPJ não respondeu. Tente novamente em alguns minutos.'],
      ] as const)('provider %s: the last stored answer, marked stale, with a pt-BR message', async (mode, message) => {
        fake.mode = mode;
        const r = await api.get(`/api/clientes/${cliente._id}/cnpj-info?refresh=true`, 'master');
        expect(r.status).toBe(200);
        expect(r.body.data.taxId).toBe(cnpj);
        expect(r.body.meta).toMatchObject({ source: 'cache', stale: true });
        expect(r.body.message).toMatch(new RegExp(`^${message.replace(/[.()]/g, '\\$&')} Exibindo a última consulta salva, de \\d{2}/\\d{2}/\\d{4}`));
      });

      it('the CNPJ gone from the Receita: the message says so, with the last stored answer', async () => {
        fake.offices.delete(cnpj);
        const r = await api.get(`/api/clientes/${cliente._id}/cnpj-info?refresh=true`, 'master');
        expect(r.status).toBe(200);
        expect(r.body.message).toMatch(/^CNPJ não encontrado na Receita Federal\. Exibindo a última consulta salva/);
      });

      it('an unknown client is 404 without calling the provider', async () => {
        const r = await api.get('/api/clientes/00000000-0000-4000-8000-000000000000/cnpj-info', 'master');
        expect([r.status, r.body.message]).toEqual([404, 'Cliente não encontrado.']);
        expect(fake.calls).toEqual([]);
      });
    });

    it('without a stored answer, a provider down is a pt-BR 503', async () => {
      fake.mode = 'down';
      const down = await api.get(`/api/lookup/cnpj/${cnpjOf('66777888')}`);
      expect([down.status, down.body.message]).toEqual([503, 'O serviço de consulta de CNPJ não respondeu. Tente novamente em alguns minutos.']);
    });
  });

  describe('CEP', () => {
    it('answers the ViaCEP fields for a CEP with or without mask', async () => {
      fake.ceps.set('01310100', { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', complemento: 'de 612 a 1510 - lado par' });
      const r = await api.get('/api/lookup/cep/01310-100');
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ cep: '01310-100', logradouro: 'Avenida Paulista', complemento: 'de 612 a 1510 - lado par', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', ibge: '3550308', ddd: '11' });
      expect(fake.cepCalls()).toEqual([{ path: '/ws/01310100/json/', authorization: undefined }]);
    });

    it("erro as a boolean or as a string means 404 'CEP não encontrado'", async () => {
      fake.ceps.set('99999999', 'erro-bool');
      fake.ceps.set('99999998', 'erro-string');
      for (const cep of ['99999999', '99999998']) {
        const r = await api.get(`/api/lookup/cep/${cep}`);
        expect([r.status, r.body.message]).toEqual([404, 'CEP não encontrado']);
      }
    });

    it('invalid input is 400 before any call; a provider down or too slow is a pt-BR 503', async () => {
      for (const cep of ['1234567', '123456789', 'abcdefgh']) {
        const r = await api.get(`/api/lookup/cep/${cep}`);
        expect([r.status, r.body.message]).toEqual([400, 'CEP inválido (deve conter 8 dígitos)']);
      }
      expect(fake.calls).toEqual([]);
      for (const mode of ['down', 'hang', 'garbage'] as const) {
        fake.mode = mode;
        const r = await api.get('/api/lookup/cep/01310100');
        expect([r.status, r.body.message]).toEqual([503, 'Erro ao consultar CEP. Tente novamente em alguns minutos.']);
      }
    });
  });
});

describe('lookup limits', () => {
  let fake: FakeProviders;
  beforeAll(async () => {
    fake = await startFakeProviders();
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('never calls the CNPJ provider more than CNPJ_RATE_PER_MINUTE times a minute: the rest get a polite 429', async () => {
    const api = await TestApi.start('sqlite', { CNPJ_API_URL: fake.url, CNPJ_RATE_PER_MINUTE: '2', CNPJ_STAFF_RESERVED_PER_MINUTE: '0', CNPJ_QUEUE_SECONDS: '0', LOOKUP_RATE_PER_IP: '1000' });
    try {
      const cnpjs = ['10101010', '20202020', '30303030', '40404040', '50505050'].map(cnpjOf);
      for (const c of cnpjs) fake.offices.set(c, officeFixture(c));
      const replies = await Promise.all(cnpjs.map((c) => api.get(`/api/lookup/cnpj/${c}`)));
      expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 429, 429, 429]);
      const refused = replies.find((r) => r.status === 429)!;
      expect(refused.body.message).toMatch(/^O limite de consultas de CNPJ por minuto foi atingido\. Tente novamente em \d+ segundos\.$/);
      expect(refused.body.retryAfterSeconds).toBeGreaterThan(50);
      expect(refused.headers.get('retry-after')).toBe(String(refused.body.retryAfterSeconds));
      expect(fake.cnpjCalls()).toHaveLength(2);
      // What is cached is still served.
      const served = replies.findIndex((r) => r.status === 200);
      expect((await api.get(`/api/lookup/cnpj/${cnpjs[served]}`)).status).toBe(200);
      expect(fake.cnpjCalls()).toHaveLength(2);
    } finally {
      await api.stop();
    }
  });

  it.each(databaseKinds())('on %s, 7 anonymous lookups use at most 3 of the 5 calls a minute: the staff still get their 2', async (kind) => {
    const api = await TestApi.start(kind, { CNPJ_API_URL: fake.url, CNPJ_QUEUE_SECONDS: '0', LOOKUP_RATE_PER_IP: '1000' });
    try {
      await api.withStaff();
      const staffCnpjs = ['61616161', '62626262'].map(cnpjOf);
      const clientes = [];
      for (const cnpj of staffCnpjs) {
        fake.offices.set(cnpj, officeFixture(cnpj));
        clientes.push((await api.post('/api/clientes', { ...clienteFixture(), cnpj }, 'master')).body.data);
      }
      const publicCnpjs = ['71717171', '72727272', '73737373', '74747474', '75757575', '76767676', '78787878'].map(cnpjOf);
      for (const c of publicCnpjs) fake.offices.set(c, officeFixture(c));
      const replies = await Promise.all(publicCnpjs.map((c) => api.get(`/api/lookup/cnpj/${c}`)));
      expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429, 429]);
      for (const c of clientes) {
        const staff = await api.get(`/api/clientes/${c._id}/cnpj-info`, 'associado');
        expect([staff.status, staff.body.meta?.source]).toEqual([200, 'provider']);
      }
      expect(fake.cnpjCalls()).toHaveLength(5);
      // The whole budget is spent now: a further staff lookup waits like anyone else.
      const third = (await api.post('/api/clientes', { ...clienteFixture(), cnpj: cnpjOf('63636363') }, 'master')).body.data;
      expect((await api.get(`/api/clientes/${third._id}/cnpj-info`, 'associado')).status).toBe(429);
    } finally {
      await api.stop();
    }
  });

  it("after the provider's own 429 every lookup holds back for its Retry-After: stale answer if stored, else a polite 429", async () => {
    const api = await TestApi.start('sqlite', { CNPJ_API_URL: fake.url, LOOKUP_RATE_PER_IP: '1000' });
    try {
      await api.withStaff();
      const cnpj = cnpjOf('13131313');
      fake.offices.set(cnpj, officeFixture(cnpj));
      const c = (await api.post('/api/clientes', { ...clienteFixture(), cnpj }, 'master')).body.data;
      expect((await api.get(`/api/clientes/${c._id}/cnpj-info`, 'master')).status).toBe(200);
      fake.mode = 'limited';
      const stale = await api.get(`/api/clientes/${c._id}/cnpj-info?refresh=true`, 'master');
      expect(stale.status).toBe(200);
      expect(stale.body.meta.stale).toBe(true);
      expect(stale.body.message).toMatch(/^O limite de consultas de CNPJ por minuto foi atingido\. Tente novamente em 30 segundos\. Exibindo a última consulta salva, de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/);
      const limited = await api.get(`/api/lookup/cnpj/${cnpjOf('77888999')}`);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^O limite de consultas de CNPJ por minuto foi atingido\. Tente novamente em \d+ segundos\.$/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // The provider would answer again, but we wait as it asked: it is not called.
      fake.mode = 'ok';
      const calls = fake.cnpjCalls().length;
      const other = cnpjOf('88999000');
      fake.offices.set(other, officeFixture(other));
      expect((await api.get(`/api/lookup/cnpj/${other}`)).status).toBe(429);
      expect(fake.cnpjCalls()).toHaveLength(calls);
    } finally {
      await api.stop();
    }
  });

  it('limits the public lookups per IP with a pt-BR 429; staff lookups of a client are not counted', async () => {
    const api = await TestApi.start('sqlite', { CNPJ_API_URL: fake.url, CEP_API_URL: fake.url, LOOKUP_RATE_PER_IP: '3' });
    try {
      await api.withStaff();
      fake.ceps.set('01310100', { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' });
      for (let i = 0; i < 3; i++) expect((await api.get('/api/lookup/cep/01310100')).status).toBe(200);
      const cep = await api.get('/api/lookup/cep/01310100');
      expect([cep.status, cep.body.message]).toEqual([429, 'Muitas consultas em pouco tempo. Aguarde um minuto e tente novamente.']);
      expect(Number(cep.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await api.get(`/api/lookup/cnpj/${cnpjOf('11222333')}`)).status).toBe(429);
      expect(fake.cepCalls()).toHaveLength(3);
      const cnpj = cnpjOf('12121212');
      fake.offices.set(cnpj, officeFixture(cnpj));
      const c = (await api.post('/api/clientes', { ...clienteFixture(), cnpj }, 'master')).body.data;
      expect((await api.get(`/api/clientes/${c._id}/cnpj-info`, 'master')).status).toBe(200);
    } finally {
      await api.stop();
    }
  });
});
