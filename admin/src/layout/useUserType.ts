import { usePermissions } from 'react-admin';
import { isUserType, readStaffUser, realUserType, type Principal, type UserType } from '@veritas/common';

/**
 * The user type the panel shows (a master's simulation applies: authProvider.getPermissions), the
 * real one, which alone decides who may simulate, and the principal the panel's menu and screens
 * ask `can` about: that type plus the person's permissions (§3.4). A simulation shows a plain
 * member of the simulated type, without the master's own permissions. None of it decides anything
 * on the server.
 */
export function useUserType(): { userType: UserType | null; realType: UserType | null; permissions: string[]; principal: Principal | null; isPending: boolean } {
  const { permissions: effective, isPending } = usePermissions<unknown>();
  const userType = isUserType(effective) ? effective : null;
  // Read once permissions have arrived, i.e. after the server has rewritten the stored profile.
  const realType = isPending ? null : realUserType(window.localStorage);
  const stored: unknown = isPending ? null : readStaffUser(window.localStorage)?.permissions;
  const permissions = userType && userType === realType && Array.isArray(stored) ? stored.filter((p: unknown): p is string => typeof p === 'string') : [];
  return { userType, realType, permissions, principal: userType ? { role: 'user', userType, permissions } : null, isPending };
}
