import { Init1763700000000 } from './1763700000000-Init';

/** Every migration, in order. The app runs the pending ones at start-up (never `synchronize`). */
export const MIGRATIONS = [Init1763700000000];
