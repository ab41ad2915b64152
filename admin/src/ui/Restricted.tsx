/** Moved to layout/Restricted (issue 10); this re-export goes with the ui/ folder. */
export { Restricted, useCan } from '../layout/Restricted';
