import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Cliente, ClientesModule } from '../clientes';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { User } from '../users';
import { AuthController } from './auth.controller';
import { ClienteLoginController } from './cliente-login.controller';
import { AuthService } from './auth.service';
import { LoginThrottleService } from './login-throttle.service';
import { Principals } from './principals';
import { RevokedSessions } from './revoked-sessions';
import { Sessions } from './sessions.service';
import { VerifiedTokens } from './verified-tokens';

@Module({
  imports: [
    TypeOrmModule.forFeature([User, Cliente]),
    ClientesModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // A KeyObject made once: given the string, jsonwebtoken first tries to parse it as a PEM public
        // key on every verification and throws (12 % of a list request's CPU in the profile, issue 14).
        return {
          secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')),
          signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresIn as never },
          verifyOptions: { algorithms: ['HS256'] },
        };
      },
    }),
  ],
  controllers: [AuthController, ClienteLoginController],
  providers: [AuthService, LoginThrottleService, Principals, VerifiedTokens, RevokedSessions, Sessions],
  exports: [AuthService, LoginThrottleService, Principals, VerifiedTokens, RevokedSessions],
})
export class AuthModule {}
