import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from './entities/user.entity';
import { StaffRegisterController, UsersController } from './users.controller';
import { UserExtensions } from './user-extensions';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [UsersController, StaffRegisterController],
  providers: [UsersService, UserExtensions],
  exports: [UsersService, UserExtensions],
})
export class UsersModule {}
