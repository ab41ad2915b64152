/* The access policy's public interface (docs/adr/0007-one-access-policy.md): features import from here. */
export { AccessPolicyModule, PolicyService, staffOf } from './policy.service';
export type { ScopedResource } from './policy.service';
export type { SqlCondition } from './registro-scope';
