import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessGuard, AuthModule } from './auth';
import { AgendaModule } from './agenda';
import { EquipeModule } from './equipe';
import { CalendarioModule } from './calendario';
import { ClientesModule } from './clientes';
import { ContatoModule } from './contato';
import { HttpExceptionFilter } from './platform/http';
import { LimitsModule } from './platform/limits';
import { JobsModule } from './platform/jobs';
import { type AppConfig, appConfigModule } from './platform/config';
import { DashboardModule } from './dashboard';
import { DocumentosModule } from './documentos';
import { dataSourceOptions } from './data-source';
import { ReadSideModule } from './platform/read-side';
import { DurableCommitsModule } from './platform/database';
import { HealthModule } from './platform/health';
import { LookupModule } from './lookup';
import { MetricsModule } from './platform/metrics';
import { PasswordsModule } from './platform/passwords';
import { EmailsModule } from './emails';
import { FinancasModule } from './financas';
import { MailModule } from './mail';
import { NotificacoesModule } from './notificacoes';
import { AvisosModule } from './avisos';
import { PasswordResetModule } from './password-reset';
import { RegistrosModule } from './registros';
import { RelatoriosModule } from './relatorios';
import { ProcessosModule } from './processos';
import { FundadoresModule } from './fundadores';
import { MembrosModule } from './membros';
import { TiposClienteModule } from './tipos-cliente';
import { UsersModule } from './users';
import { ExigenciasModule } from './exigencias';
import { ChecklistModule } from './checklist';
import { CorrespondenciaModule } from './correspondencia';
import { MensagensModule } from './mensagens';
import { LinhaDoTempoModule } from './linha-do-tempo';
import { AuditoriaModule } from './auditoria';
import { BackupModule } from './platform/backup';
import { TitularesModule } from './titulares';
import { AccessPolicyModule } from './platform/access';

@Module({})
export class AppModule {
  /** `logging`: nestjs-pino's module when the logs are JSON lines. */
  static forRoot(config: AppConfig, logging?: DynamicModule): DynamicModule {
    return {
      module: AppModule,
      imports: [
        appConfigModule(config),
        ...(logging ? [logging] : []),
        LimitsModule,
        JobsModule.forRoot(config),
        TypeOrmModule.forRoot({ ...dataSourceOptions(config), retryAttempts: 3, retryDelay: 1000 }),
        ReadSideModule,
        AccessPolicyModule,
        DurableCommitsModule,
        PasswordsModule,
        AuthModule,
        UsersModule,
        ClientesModule,
        TiposClienteModule,
        LookupModule,
        DashboardModule,
        RelatoriosModule,
        MailModule,
        NotificacoesModule,
        AvisosModule,
        EmailsModule,
        CalendarioModule,
        RegistrosModule,
        DocumentosModule,
        ContatoModule,
        PasswordResetModule,
        ProcessosModule,
        FundadoresModule,
        MembrosModule,
        AgendaModule,
        EquipeModule,
        FinancasModule,
        ExigenciasModule,
        ChecklistModule,
        CorrespondenciaModule,
        MensagensModule,
        LinhaDoTempoModule,
        TitularesModule,
        MetricsModule,
        AuditoriaModule,
        BackupModule,
        HealthModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
