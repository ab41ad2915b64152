// The public surface of platform/web: other folders import from here, never one of its files (architecture.spec.ts).
export { frontEnds } from './web';
