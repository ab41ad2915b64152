import type { UserResponse } from '@veritas/common';
import { toIso } from '../platform/database';
import type { User } from './entities/user.entity';

/** The only shape in which a user leaves the server: never the password hash. */
export function toUserResponse(u: User): UserResponse {
  return {
    _id: u.id,
    username: u.username,
    nomeCompleto: u.nomeCompleto,
    email: u.email,
    isAdmin: !!u.isAdmin,
    permissions: u.permissions,
    createdAt: toIso(u.createdAt) ?? '',
  };
}
