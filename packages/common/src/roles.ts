/*
 * Staff roles (spec §3.4, §5, §6). A staff member's stored truth is `isAdmin` plus a
 * `permissions` list; the user type (which menu, which dashboard, what is allowed)
 * and the badge shown in the user list are both derived from it here, once.
 */
import { matchesSearch } from './text';

export const STAFF_PERMISSIONS = ['Master', 'Diretoria', 'Associados', 'Financeiro', 'Suporte'] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export function isStaffPermission(v: unknown): v is StaffPermission {
  return typeof v === 'string' && (STAFF_PERMISSIONS as readonly string[]).includes(v);
}

export const USER_TYPES = ['master', 'diretoria', 'associado'] as const;
export type UserType = (typeof USER_TYPES)[number];

export function isUserType(v: unknown): v is UserType {
  return typeof v === 'string' && (USER_TYPES as readonly string[]).includes(v);
}

/** What a user type is called on screen. */
export const USER_TYPE_LABELS: Readonly<Record<UserType, string>> = {
  master: 'Master',
  diretoria: 'Diretoria',
  associado: 'Associado',
};

/**
 * The user type of a staff member (spec §5). Null when there is no permissions list
 * to read, which the panel treats as "cannot tell": it clears the session.
 */
export function deriveUserType(permissions: readonly string[] | null | undefined): UserType | null {
  if (!Array.isArray(permissions)) return null;
  if (permissions.includes('Master')) return 'master';
  if (permissions.includes('Diretoria')) return 'diretoria';
  return 'associado';
}

/**
 * The role options of the user form, one per role. The spec's table (§3.4) also has a default
 * option 'Associados' that stored no permission at all, beside 'associado' (permission
 * Associados): a user saved with that default had no permission and was missing from the
 * Associados tab. Decided (issue 10): one option, labelled Associados, storing the permission;
 * the server stores the same for a non-admin sent without permissions (withDefaultPermission).
 */
export type FormRole = 'master' | 'diretoria' | 'associado' | 'financeiro' | 'suporte';

export interface FormRoleOption {
  value: FormRole;
  label: string;
}

export const FORM_ROLES: readonly FormRoleOption[] = [
  { value: 'master', label: 'Master' },
  { value: 'diretoria', label: 'Diretoria' },
  { value: 'associado', label: 'Associados' },
  { value: 'financeiro', label: 'Financeiro' },
  { value: 'suporte', label: 'Suporte' },
];

export const DEFAULT_FORM_ROLE: FormRole = 'associado';

export interface StaffAccess {
  isAdmin: boolean;
  permissions: StaffPermission[];
}

const FORM_ROLE_ACCESS: Readonly<Record<FormRole, { isAdmin: boolean; permissions: readonly StaffPermission[] }>> = {
  master: { isAdmin: true, permissions: ['Master'] },
  diretoria: { isAdmin: true, permissions: ['Diretoria'] },
  associado: { isAdmin: false, permissions: ['Associados'] },
  financeiro: { isAdmin: false, permissions: ['Financeiro'] },
  suporte: { isAdmin: false, permissions: ['Suporte'] },
};

export function isFormRole(v: unknown): v is FormRole {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(FORM_ROLE_ACCESS, v);
}

/** The §3.4 table: what the chosen form role stores. Returns a fresh object the caller may change. */
export function formRoleToAccess(role: FormRole): StaffAccess {
  const access = FORM_ROLE_ACCESS[role] ?? FORM_ROLE_ACCESS[DEFAULT_FORM_ROLE];
  return { isAdmin: access.isAdmin, permissions: [...access.permissions] };
}

/**
 * The form role to preselect when editing a user. Best effort, because stored data
 * may hold several permissions or none: the same priority as the displayed role,
 * and an admin without permissions shows as diretoria, as its badge does.
 */
export function accessToFormRole(user: { isAdmin: boolean; permissions: readonly string[] }): FormRole {
  const permissions = user.permissions ?? [];
  if (permissions.includes('Master')) return 'master';
  if (permissions.includes('Diretoria')) return 'diretoria';
  if (permissions.includes('Associados')) return 'associado';
  if (permissions.includes('Suporte')) return 'suporte';
  if (permissions.includes('Financeiro')) return 'financeiro';
  return user.isAdmin ? 'diretoria' : DEFAULT_FORM_ROLE;
}

/** The team's permissions (the board's roles hold everything already): a team member may hold several, and they add up (§6, issue 52). */
export const TEAM_PERMISSIONS = ['Associados', 'Financeiro', 'Suporte'] as const satisfies readonly StaffPermission[];
export type TeamPermission = (typeof TEAM_PERMISSIONS)[number];

/**
 * What the user form stores: its role's access plus the other team permissions ticked in
 * "Permissões adicionais"; a board role (master, diretoria) takes none, as it holds them all.
 */
export function formAccess(role: FormRole, extras: readonly string[] = []): StaffAccess {
  const access = formRoleToAccess(role);
  if (access.isAdmin) return access;
  for (const p of TEAM_PERMISSIONS) if (extras.includes(p) && !access.permissions.includes(p)) access.permissions.push(p);
  return access;
}

/** The team permissions a user holds beyond the role its form shows (the form's "Permissões adicionais"). */
export function formRoleExtras(user: { isAdmin: boolean; permissions: readonly string[] }): TeamPermission[] {
  const own = formRoleToAccess(accessToFormRole(user));
  if (own.isAdmin) return [];
  const permissions = user.permissions ?? [];
  return TEAM_PERMISSIONS.filter((p) => permissions.includes(p) && !own.permissions.includes(p));
}

/** What the server stores for a user sent without permissions: an admin stays as sent, anyone else is an associado. */
export function withDefaultPermission(isAdmin: boolean, permissions: readonly StaffPermission[]): StaffPermission[] {
  return !isAdmin && permissions.length === 0 ? ['Associados'] : [...permissions];
}

export type DisplayedRole = 'Master' | 'Diretoria' | 'Associados' | 'Suporte' | 'Financeiro';

const DISPLAY_PRIORITY: readonly DisplayedRole[] = ['Master', 'Diretoria', 'Associados', 'Suporte', 'Financeiro'];

/** The role badge of the user list (spec §3.4). */
export function displayedRole(user: { isAdmin: boolean; permissions: readonly string[] }): DisplayedRole {
  const permissions = user.permissions ?? [];
  const found = DISPLAY_PRIORITY.find((role) => permissions.includes(role));
  return found ?? (user.isAdmin ? 'Diretoria' : 'Associados');
}

/** Every badge of a user: its displayed role, then the other team permissions it holds (they add up). */
export function displayedRoles(user: { isAdmin: boolean; permissions: readonly string[] }): DisplayedRole[] {
  const first = displayedRole(user);
  if (first === 'Master' || first === 'Diretoria') return [first];
  const permissions = user.permissions ?? [];
  return [first, ...TEAM_PERMISSIONS.filter((p) => p !== first && permissions.includes(p))];
}

export type UserTab = 'todos' | 'master' | 'diretoria' | 'associados' | 'financeiro' | 'suporte';

export const USER_TABS: readonly { value: UserTab; label: string }[] = [
  { value: 'todos', label: 'Todos' },
  { value: 'master', label: 'Master' },
  { value: 'diretoria', label: 'Diretoria' },
  { value: 'associados', label: 'Associados' },
  { value: 'financeiro', label: 'Financeiro' },
  { value: 'suporte', label: 'Suporte' },
];

/**
 * The tab filters of the user list (spec §5). Tabs overlap on purpose: a user with
 * two permissions appears under both.
 */
export function matchesUserTab(user: { isAdmin: boolean; permissions: readonly string[] }, tab: UserTab): boolean {
  const has = (p: StaffPermission) => (user.permissions ?? []).includes(p);
  switch (tab) {
    case 'todos':
      return true;
    case 'master':
      return has('Master');
    // Old admins were created without a permission: they are board members.
    case 'diretoria':
      return has('Diretoria') || (user.isAdmin && !has('Master'));
    case 'associados':
      return has('Associados');
    case 'financeiro':
      return has('Financeiro');
    case 'suporte':
      return has('Suporte');
    default:
      return false;
  }
}

/** The user-list search: username, full name or e-mail, ignoring case and accents. */
export function userMatchesSearch(
  user: { username?: string | null; nomeCompleto?: string | null; email?: string | null },
  q: string,
): boolean {
  return matchesSearch([user.username, user.nomeCompleto, user.email], q);
}
