/* What the staff's user form sends (§2.11, §3.4). The user as answered is UserResponse (../api-types.ts). */
import type { StaffPermission } from '../roles';

/** POST /api/users (password required) and PUT /api/users/:id (a password only to change it). */
export interface UserInput {
  username: string;
  nomeCompleto: string;
  isAdmin: boolean;
  permissions: StaffPermission[];
  password?: string;
}
