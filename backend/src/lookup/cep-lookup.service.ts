import { BadRequestException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { CEP_INVALID_MESSAGE, cleanCep, isValidCep, maskCep } from '@veritas/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { CEP_NOT_FOUND, CEP_PROVIDER_DOWN } from './lookup.errors';
import { getProviderJson } from './provider-http';

/** The ViaCEP fields the forms use (§7), always strings ('' when the provider left one out). */
export interface CepAddress {
  cep: string;
  logradouro: string;
  complemento: string;
  bairro: string;
  localidade: string;
  uf: string;
  ibge: string;
  ddd: string;
}

const FIELDS = ['cep', 'logradouro', 'complemento', 'bairro', 'localidade', 'uf', 'ibge', 'ddd'] as const;

/** CEP lookups through a ViaCEP-compatible provider. */
@Injectable()
export class CepLookupService {
  private readonly logger = new Logger(CepLookupService.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Invalid input is a 400 before anything else happens. */
  static validCep(raw: string): string {
    if (!isValidCep(raw)) throw new BadRequestException(CEP_INVALID_MESSAGE);
    return cleanCep(raw);
  }

  async lookup(raw: string): Promise<CepAddress> {
    const cep = CepLookupService.validCep(raw);
    const { cepApiUrl, timeoutMs } = this.config.lookup;
    const reply = await getProviderJson(`${cepApiUrl}/ws/${cep}/json/`, {}, timeoutMs);
    if (reply.kind === 'unreachable') {
      this.logger.warn(`Consulta de CEP falhou: ${reply.reason}`);
      throw new ServiceUnavailableException(CEP_PROVIDER_DOWN);
    }
    const body = reply.body as Record<string, unknown> | null;
    // ViaCEP answers 200 with { "erro": true } — or "true", a string, in some versions — for an unknown CEP.
    if (reply.status === 404 || (reply.status === 200 && (body?.erro === true || body?.erro === 'true'))) {
      throw new NotFoundException(CEP_NOT_FOUND);
    }
    if (reply.status !== 200 || !body || typeof body !== 'object' || Array.isArray(body)) {
      this.logger.warn(`Consulta de CEP: resposta inesperada ${reply.status}.`);
      throw new ServiceUnavailableException(CEP_PROVIDER_DOWN);
    }
    const address = Object.fromEntries(FIELDS.map((f) => [f, typeof body[f] === 'string' ? body[f] : ''])) as unknown as CepAddress;
    if (!address.cep) address.cep = maskCep(cep);
    return address;
  }
}
