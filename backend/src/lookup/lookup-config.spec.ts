import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfigError, loadConfig } from '../platform/config';

describe('lookup configuration (CNPJ_*, CEP_API_URL, LOOKUP_*)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-lookup-cfg-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('defaults to the public providers, 30 days of cache, 5 calls a minute, 8 s timeouts', () => {
    expect(loadConfig({ DATA_DIR: dir }).lookup).toEqual({
      cnpjApiUrl: 'https://open.cnpja.com',
      cnpjApiKey: null,
      cnpjCacheDays: 30,
      cnpjRatePerMinute: 5,
      cnpjStaffReservedPerMinute: 2,
      cnpjQueueMs: 10_000,
      cepApiUrl: 'https://viacep.com.br',
      timeoutMs: 8_000,
      perIpPerMinute: 30,
    });
  });

  it('takes overrides, without a trailing slash on the URLs', () => {
    const c = loadConfig({
      DATA_DIR: dir,
      CNPJ_API_URL: 'https://api.cnpja.com/',
      CNPJ_API_KEY: ' chave ',
      CNPJ_CACHE_DAYS: '0',
      CNPJ_RATE_PER_MINUTE: '60',
      CNPJ_QUEUE_SECONDS: '0',
      CEP_API_URL: 'http://127.0.0.1:9999',
      LOOKUP_TIMEOUT_SECONDS: '3',
      LOOKUP_RATE_PER_IP: '100',
    }).lookup;
    expect(c).toEqual({
      cnpjApiUrl: 'https://api.cnpja.com',
      cnpjApiKey: 'chave',
      cnpjCacheDays: 0,
      cnpjRatePerMinute: 60,
      cnpjStaffReservedPerMinute: 2,
      cnpjQueueMs: 0,
      cepApiUrl: 'http://127.0.0.1:9999',
      timeoutMs: 3_000,
      perIpPerMinute: 100,
    });
  });

  it.each([
    ['CNPJ_API_URL', 'open.cnpja.com', 'CNPJ_API_URL inválida'],
    ['CEP_API_URL', 'ftp://viacep.com.br', 'protocolo "ftp:" não suportado'],
    ['CNPJ_RATE_PER_MINUTE', '0', 'CNPJ_RATE_PER_MINUTE deve ser um número inteiro entre 1 e 1000'],
    ['CNPJ_CACHE_DAYS', 'trinta', 'CNPJ_CACHE_DAYS deve ser um número inteiro'],
    ['LOOKUP_TIMEOUT_SECONDS', '120', 'LOOKUP_TIMEOUT_SECONDS deve ser um número inteiro entre 1 e 60'],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(message);
  });
});
