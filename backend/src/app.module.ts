import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessGuard } from './auth/access.guard';
import { AgendaModule } from './agenda/agenda.module';
import { AuthModule } from './auth/auth.module';
import { EquipeModule } from './equipe/equipe.module';
import { CalendarioModule } from './calendario/calendario.module';
import { ClientesModule } from './clientes/clientes.module';
import { ContatoModule } from './contato/contato.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { RateLimitModule } from './common/rate-limit-store';
import { JobsModule } from './jobs/jobs.module';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DocumentosModule } from './documentos/documentos.module';
import { dataSourceOptions } from './database/data-source';
import { ReadPoolModule } from './database/read-pool';
import { DataVersionsModule } from './database/data-versions';
import { DurableCommitsModule } from './database/durable-commits';
import { HealthController } from './health/health.controller';
import { ReadinessProbe } from './health/readiness-probe';
import { LookupModule } from './lookup/lookup.module';
import { MetricsModule } from './metrics/metrics.module';
import { EmailsModule } from './emails/emails.module';
import { FinancasModule } from './financas/financas.module';
import { MailModule } from './mail/mail.module';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { RegistrosModule } from './registros/registros.module';
import { RelatoriosModule } from './relatorios/relatorios.module';
import { ProcessosModule } from './processos/processos.module';
import { TiposClienteModule } from './tipos-cliente/tipos-cliente.module';
import { UsersModule } from './users/users.module';
import { ExigenciasModule } from './exigencias/exigencias.module';
import { ChecklistModule } from './checklist/checklist.module';
import { AuditoriaModule } from './auditoria/auditoria.module';
import { BackupModule } from './backup/backup.module';
import { TitularesModule } from './titulares/titulares.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        RateLimitModule,
        JobsModule,
        TypeOrmModule.forRoot({ ...dataSourceOptions(config), retryAttempts: 3, retryDelay: 1000 }),
        ReadPoolModule,
        DataVersionsModule,
        DurableCommitsModule,
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
        AgendaModule,
        EquipeModule,
        FinancasModule,
        ExigenciasModule,
        ChecklistModule,
        TitularesModule,
        MetricsModule,
        AuditoriaModule,
        BackupModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        ReadinessProbe,
      ],
    };
  }
}
