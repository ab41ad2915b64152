import { applyDecorators } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiServiceUnavailableResponse, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { CEP_NOT_FOUND, CNPJ_NOT_FOUND } from './lookup.errors';

const str = { type: 'string' };
const text = { type: 'object', properties: { id: { type: 'integer' }, text: str } };
const person = { type: 'object', properties: { name: str, taxId: str, type: { type: 'string', example: 'NATURAL' } } };

/** The CNPJá "office" format with the fields of SPEC §3.5 (the provider may send more; they pass through). */
const OFFICE_SCHEMA = {
  type: 'object',
  properties: {
    taxId: { type: 'string', example: '11222333000181' },
    alias: { type: 'string', nullable: true, example: 'Padaria Pão Quente' },
    updated: { type: 'string', example: '2025-10-01T12:00:00.000Z' },
    founded: { type: 'string', example: '2001-05-20' },
    head: { type: 'boolean', description: 'true: Matriz; false: Filial.' },
    statusDate: { type: 'string', example: '2005-11-03' },
    status: text,
    company: {
      type: 'object',
      properties: {
        name: { type: 'string', example: 'PADARIA PAO QUENTE LTDA' },
        equity: { type: 'number', example: 50000, description: 'Capital social em reais.' },
        nature: text,
        size: { type: 'object', properties: { id: { type: 'integer' }, acronym: str, text: str } },
        simples: { type: 'object', properties: { optant: { type: 'boolean' }, since: { type: 'string', nullable: true } } },
        simei: { type: 'object', properties: { optant: { type: 'boolean' }, since: { type: 'string', nullable: true } } },
        members: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              since: str,
              person,
              role: text,
              agent: { type: 'object', nullable: true, properties: { person, role: text } },
            },
          },
        },
      },
    },
    address: {
      type: 'object',
      properties: { street: str, number: str, details: { type: 'string', nullable: true }, district: str, city: str, state: str, zip: str },
    },
    mainActivity: text,
    sideActivities: { type: 'array', items: text },
    phones: { type: 'array', items: { type: 'object', properties: { type: str, area: str, number: str } } },
    emails: { type: 'array', items: { type: 'object', properties: { ownership: str, address: str } } },
    registrations: {
      type: 'array',
      items: {
        type: 'object',
        properties: { number: str, state: str, enabled: { type: 'boolean' }, statusDate: str, type: text, status: text },
      },
    },
    suframa: { type: 'array', items: { type: 'object' } },
  },
};

/** Swagger for every CNPJ lookup route: the answer and each refusal. */
export function ApiCnpjLookup() {
  return applyDecorators(
    ApiOkResponse({
      description:
        '`{ data, meta, message? }`: data é a resposta do provedor no formato "office" da CNPJá (§3.5). meta.source diz se veio do ' +
        'banco (cache) ou do provedor agora; meta.fetchedAt, quando o provedor respondeu. Quando o provedor não pôde responder ' +
        '(fora do ar, 404 ou limite de consultas) e há uma consulta salva, ela vem com meta.stale = true e `message` explicando.',
      schema: {
        type: 'object',
        properties: {
          data: OFFICE_SCHEMA,
          meta: {
            type: 'object',
            properties: {
              cnpj: { type: 'string', example: '11222333000181' },
              fetchedAt: { type: 'string', example: '2026-01-15T13:45:00.000Z' },
              source: { type: 'string', enum: ['cache', 'provider'] },
              stale: { type: 'boolean' },
            },
          },
          message: { type: 'string', example: 'O serviço de consulta de CNPJ não respondeu. Tente novamente em alguns minutos. Exibindo a última consulta salva, de 15/01/2026 10:45.' },
        },
      },
    }),
    ApiBadRequestResponse({ description: 'CNPJ inválido (formato ou dígitos verificadores), antes de qualquer consulta.' }),
    ApiNotFoundResponse({ description: `'${CNPJ_NOT_FOUND}', sem consulta salva.` }),
    ApiTooManyRequestsResponse({ description: 'Limite de consultas ao provedor (CNPJ_RATE_PER_MINUTE) ou por IP atingido, sem consulta salva: message, retryAfterSeconds e cabeçalho Retry-After.' }),
    ApiServiceUnavailableResponse({ description: 'Provedor fora do ar ou sem resposta em LOOKUP_TIMEOUT_SECONDS, sem consulta salva.' }),
  );
}

export function ApiCepLookup() {
  return applyDecorators(
    ApiOkResponse({
      description: '`{ data }` com os campos do ViaCEP, sempre texto ("" quando ausente).',
      schema: {
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: {
              cep: { type: 'string', example: '01310-100' },
              logradouro: { type: 'string', example: 'Avenida Paulista' },
              complemento: { type: 'string', example: 'de 612 a 1510 - lado par' },
              bairro: { type: 'string', example: 'Bela Vista' },
              localidade: { type: 'string', example: 'São Paulo' },
              uf: { type: 'string', example: 'SP' },
              ibge: { type: 'string', example: '3550308' },
              ddd: { type: 'string', example: '11' },
            },
          },
        },
      },
    }),
    ApiBadRequestResponse({ description: "'CEP inválido (deve conter 8 dígitos)', antes de qualquer consulta." }),
    ApiNotFoundResponse({ description: `'${CEP_NOT_FOUND}'` }),
    ApiTooManyRequestsResponse({ description: 'Limite de consultas por IP (LOOKUP_RATE_PER_IP por minuto): message, retryAfterSeconds e Retry-After.' }),
    ApiServiceUnavailableResponse({ description: 'Provedor fora do ar ou sem resposta a tempo.' }),
  );
}
