import { Controller, Get, Param } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '../platform/request';
import { RateLimit } from '../platform/limits';
import { CepLookupService } from './cep-lookup.service';
import { CnpjLookupService } from './cnpj-lookup.service';
import { ApiCepLookup, ApiCnpjLookup } from './lookup.swagger';

/**
 * The public lookups of the registration and client forms, proxied so the browser never depends
 * on a third party directly (§7). Rate limited per IP; invalid input never reaches a provider.
 */
@ApiTags('lookup')
@Controller('lookup')
export class LookupController {
  constructor(
    private readonly cnpj: CnpjLookupService,
    private readonly cep: CepLookupService,
  ) {}

  @Get('cnpj/:cnpj')
  @Public('Acesso público. Consulta de CNPJ (numérico ou alfanumérico, com ou sem máscara) no formato "office" da CNPJá, com o mesmo cache do painel. Limitada por IP.')
  @ApiParam({ name: 'cnpj', example: '11.222.333/0001-81' })
  @ApiCnpjLookup()
  @RateLimit('consulta')
  async lookupCnpj(@Param('cnpj') cnpj: string) {
    return this.cnpj.lookup(cnpj, { caller: 'public' });
  }

  @Get('cep/:cep')
  @Public('Acesso público. Consulta de CEP (8 dígitos, com ou sem máscara) num provedor compatível com o ViaCEP. Limitada por IP.')
  @ApiParam({ name: 'cep', example: '01310-100' })
  @ApiCepLookup()
  @RateLimit('consulta')
  async lookupCep(@Param('cep') cep: string) {
    return { data: await this.cep.lookup(cep) };
  }
}
