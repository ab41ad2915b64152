// The public surface of users: other folders import from here, never one of its files (architecture.spec.ts).
export { User } from './entities/user.entity';
export { UserExtensions } from './user-extensions';
export { toUserResponse } from './user.mapper';
export { UsersModule } from './users.module';
