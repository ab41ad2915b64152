import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CepLookupService } from './cep-lookup.service';
import { CnpjLookupService } from './cnpj-lookup.service';
import { CnpjConsulta } from './entities/cnpj-consulta.entity';
import { IpRateLimitService } from './ip-rate-limit.service';
import { LookupController } from './lookup.controller';
import { RetryAfterInterceptor } from './retry-after.interceptor';

@Module({
  imports: [TypeOrmModule.forFeature([CnpjConsulta])],
  controllers: [LookupController],
  providers: [CnpjLookupService, CepLookupService, IpRateLimitService, RetryAfterInterceptor],
  exports: [CnpjLookupService, RetryAfterInterceptor],
})
export class LookupModule {}
