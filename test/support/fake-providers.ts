import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the two lookup providers, answering in their documented formats so that no
 * test calls the internet:
 * - CNPJá's open API: GET /office/{cnpj} → 200 with an "office" (the fields of SPEC §3.5), 404
 *   `{ code, message }` for an unknown CNPJ, 429 with Retry-After beyond its per-minute limit;
 * - ViaCEP: GET /ws/{cep}/json/ → 200 with logradouro, bairro, localidade, uf...; 200
 *   `{ "erro": true }` (or the string "true", as some versions send) for an unknown CEP; 400 with an
 *   HTML page for a malformed one.
 * `mode` simulates trouble: 'down' (503 HTML), 'hang' (never answers), 'garbage' (200, not JSON),
 * 'limited' (always 429).
 */
export type FakeMode = 'ok' | 'down' | 'hang' | 'garbage' | 'limited';

export interface FakeCall {
  path: string;
  authorization: string | undefined;
}

export interface FakeProviders {
  url: string;
  calls: FakeCall[];
  /** Calls to /office/ so far. */
  cnpjCalls(): FakeCall[];
  cepCalls(): FakeCall[];
  mode: FakeMode;
  /** The provider's own limit per rolling minute (CNPJá's open API allows 5). */
  cnpjLimitPerMinute: number;
  offices: Map<string, Record<string, unknown>>;
  ceps: Map<string, Record<string, string> | 'erro-bool' | 'erro-string'>;
  reset(): void;
  stop(): Promise<void>;
}

/** A complete CNPJá office for `taxId`, with every field of §3.5 filled. */
export function officeFixture(taxId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    updated: '2025-11-20T10:15:00.000Z',
    taxId,
    alias: 'Pão Quente',
    founded: '2001-05-20',
    head: true,
    statusDate: '2005-11-03',
    status: { id: 2, text: 'Ativa' },
    company: {
      id: Number(taxId.slice(0, 8).replace(/\D/g, '0')),
      name: 'PADARIA PAO QUENTE LTDA',
      equity: 150000.5,
      nature: { id: 2062, text: 'Sociedade Empresária Limitada' },
      size: { id: 1, acronym: 'ME', text: 'Microempresa' },
      simples: { optant: true, since: '2007-07-01' },
      simei: { optant: false, since: null },
      members: [
        {
          since: '2001-05-20',
          person: { id: 'a1', type: 'NATURAL', name: 'JOANA DA SILVA', taxId: '***123456**', age: '41-50' },
          role: { id: 49, text: 'Sócio-Administrador' },
        },
        {
          since: '2010-02-01',
          person: { id: 'b2', type: 'LEGAL', name: 'HOLDING PAO LTDA', taxId: '99888777000166' },
          role: { id: 22, text: 'Sócio' },
          agent: { person: { id: 'c3', type: 'NATURAL', name: 'CARLOS SOUZA', taxId: '***654321**' }, role: { id: 17, text: 'Procurador' } },
        },
      ],
    },
    address: {
      municipality: 3550308,
      street: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      details: 'Conj 101',
      zip: '01310100',
      country: { id: 76, name: 'Brasil' },
    },
    mainActivity: { id: 1091102, text: 'Fabricação de produtos de panificação industrial' },
    sideActivities: [{ id: 4721102, text: 'Padaria e confeitaria com predominância de revenda' }],
    phones: [{ type: 'LANDLINE', area: '11', number: '33334444' }],
    emails: [{ ownership: 'CORPORATE', address: 'contato@paoquente.com.br', domain: 'paoquente.com.br' }],
    registrations: [
      { number: '110042490114', state: 'SP', enabled: true, statusDate: '2001-06-01', status: { id: 1, text: 'Sem restrição' }, type: { id: 1, text: 'IE Normal' } },
    ],
    suframa: [],
    ...overrides,
  };
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const sockets = new Set<import('node:net').Socket>();
  let cnpjTimes: number[] = [];
  const fake: FakeProviders = {
    url: '',
    calls: [],
    cnpjCalls: () => fake.calls.filter((c) => c.path.startsWith('/office/')),
    cepCalls: () => fake.calls.filter((c) => c.path.startsWith('/ws/')),
    mode: 'ok',
    cnpjLimitPerMinute: 1000,
    offices: new Map(),
    ceps: new Map(),
    reset() {
      fake.calls.length = 0;
      fake.mode = 'ok';
      cnpjTimes = [];
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    fake.calls.push({ path, authorization: req.headers.authorization });
    if (fake.mode === 'hang') return; // the socket stays open until the caller gives up
    if (fake.mode === 'down') {
      res.writeHead(503, { 'content-type': 'text/html' });
      return res.end('<html><body>Service Unavailable</body></html>');
    }
    if (fake.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>manutenção</html>');
    }

    const office = /^\/office\/([^/]+)$/.exec(path);
    if (office && req.method === 'GET') {
      const now = Date.now();
      cnpjTimes = cnpjTimes.filter((t) => t > now - 60_000);
      if (fake.mode === 'limited' || cnpjTimes.length >= fake.cnpjLimitPerMinute) {
        return json(res, 429, { code: 429, message: 'Too Many Requests' }, { 'retry-after': '30' });
      }
      cnpjTimes.push(now);
      const found = fake.offices.get(decodeURIComponent(office[1]));
      return found ? json(res, 200, found) : json(res, 404, { code: 404, message: 'Not Found' });
    }

    const cep = /^\/ws\/([^/]+)\/json\/?$/.exec(path);
    if (cep && req.method === 'GET') {
      if (!/^\d{8}$/.test(cep[1])) {
        res.writeHead(400, { 'content-type': 'text/html' });
        return res.end('<h2>Bad Request (400)</h2>');
      }
      const known = fake.ceps.get(cep[1]);
      if (known === 'erro-string') return json(res, 200, { erro: 'true' });
      if (!known || known === 'erro-bool') return json(res, 200, { erro: true });
      return json(res, 200, { cep: `${cep[1].slice(0, 5)}-${cep[1].slice(5)}`, complemento: '', unidade: '', ibge: '3550308', gia: '1004', ddd: '11', siafi: '7107', ...known });
    }

    json(res, 404, { code: 404, message: 'Not Found' });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
