import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Cliente } from '../clientes/entities/cliente.entity';
import { APP_CONFIG, AppConfig } from '../config/config';
import { User } from '../users/entities/user.entity';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordService } from './password.service';

@Module({
  imports: [
    PassportModule,
    TypeOrmModule.forFeature([User, Cliente]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresIn as never },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, PasswordService, LoginThrottleService, JwtStrategy],
  exports: [AuthService, PasswordService],
})
export class AuthModule {}
