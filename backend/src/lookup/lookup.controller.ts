import { Controller, Get, Ip, Param, UseInterceptors } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/access.decorator';
import { CepLookupService } from './cep-lookup.service';
import { CnpjLookupService } from './cnpj-lookup.service';
import { IpRateLimitService } from './ip-rate-limit.service';
import { ApiCepLookup, ApiCnpjLookup } from './lookup.swagger';
import { RetryAfterInterceptor } from './retry-after.interceptor';

/**
 * The public lookups of the registration and client forms, proxied so the browser never depends
 * on a third party directly (§7). Rate limited per IP; invalid input never reaches a provider.
 */
@ApiTags('lookup')
@Controller('lookup')
@UseInterceptors(RetryAfterInterceptor)
export class LookupController {
  constructor(
    private readonly cnpj: CnpjLookupService,
    private readonly cep: CepLookupService,
    private readonly perIp: IpRateLimitService,
  ) {}

  @Get('cnpj/:cnpj')
  @Public('Acesso público. Consulta de CNPJ (numérico ou alfanumérico, com ou sem máscara) no formato "office" da CNPJá, com o mesmo cache do painel. Limitada por IP.')
  @ApiParam({ name: 'cnpj', example: '11.222.333/0001-81' })
  @ApiCnpjLookup()
  async lookupCnpj(@Param('cnpj') cnpj: string, @Ip() ip: string) {
    // Validation first: a malformed CNPJ costs the caller nothing and the provider nothing.
    CnpjLookupService.validCnpj(cnpj);
    await this.perIp.hit(ip);
    return this.cnpj.lookup(cnpj, { caller: 'public' });
  }

  @Get('cep/:cep')
  @Public('Acesso público. Consulta de CEP (8 dígitos, com ou sem máscara) num provedor compatível com o ViaCEP. Limitada por IP.')
  @ApiParam({ name: 'cep', example: '01310-100' })
  @ApiCepLookup()
  async lookupCep(@Param('cep') cep: string, @Ip() ip: string) {
    CepLookupService.validCep(cep);
    await this.perIp.hit(ip);
    return { data: await this.cep.lookup(cep) };
  }
}
