import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CepLookupService } from './cep-lookup.service';
import { CnpjLookupService } from './cnpj-lookup.service';
import { CnpjConsulta } from './entities/cnpj-consulta.entity';
import { LookupController } from './lookup.controller';

@Module({
  imports: [TypeOrmModule.forFeature([CnpjConsulta])],
  controllers: [LookupController],
  providers: [CnpjLookupService, CepLookupService],
  exports: [CnpjLookupService],
})
export class LookupModule {}
