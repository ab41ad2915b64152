import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessGuard } from './auth/access.guard';
import { AuthModule } from './auth/auth.module';
import { CalendarioModule } from './calendario/calendario.module';
import { ClientesModule } from './clientes/clientes.module';
import { ContatoModule } from './contato/contato.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { RateLimitModule } from './common/rate-limit-store';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DocumentosModule } from './documentos/documentos.module';
import { dataSourceOptions } from './database/data-source';
import { HealthController } from './health/health.controller';
import { LookupModule } from './lookup/lookup.module';
import { EmailsModule } from './emails/emails.module';
import { MailModule } from './mail/mail.module';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { RegistrosModule } from './registros/registros.module';
import { RelatoriosModule } from './relatorios/relatorios.module';
import { ProcessosModule } from './processos/processos.module';
import { TiposClienteModule } from './tipos-cliente/tipos-cliente.module';
import { UsersModule } from './users/users.module';
import { ExigenciasModule } from './exigencias/exigencias.module';
import { ChecklistModule } from './checklist/checklist.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        RateLimitModule,
        TypeOrmModule.forRoot({ ...dataSourceOptions(config), retryAttempts: 3, retryDelay: 1000 }),
        AuthModule,
        UsersModule,
        ClientesModule,
        TiposClienteModule,
        LookupModule,
        DashboardModule,
        RelatoriosModule,
        MailModule,
        EmailsModule,
        CalendarioModule,
        RegistrosModule,
        DocumentosModule,
        ContatoModule,
        PasswordResetModule,
        ProcessosModule,
        ExigenciasModule,
        ChecklistModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
