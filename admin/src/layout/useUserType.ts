import { usePermissions } from 'react-admin';
import { isUserType, realUserType, type UserType } from '@veritas/common';

/**
 * The user type the panel shows (a master's simulation applies: authProvider.getPermissions) and
 * the real one, which alone decides who may simulate. Neither decides anything on the server.
 */
export function useUserType(): { userType: UserType | null; realType: UserType | null; isPending: boolean } {
  const { permissions, isPending } = usePermissions<unknown>();
  return {
    userType: isUserType(permissions) ? permissions : null,
    // Read once permissions have arrived, i.e. after the server has rewritten the stored profile.
    realType: isPending ? null : realUserType(window.localStorage),
    isPending,
  };
}
