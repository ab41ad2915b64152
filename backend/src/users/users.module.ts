import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { Cliente } from '../clientes/entities/cliente.entity';
import { MailModule } from '../mail/mail.module';
import { User } from './entities/user.entity';
import { StaffRegisterController, UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User, Cliente]), AuthModule, MailModule],
  controllers: [UsersController, StaffRegisterController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
