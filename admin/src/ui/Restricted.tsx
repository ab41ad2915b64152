/** Moved to layout/Restricted (issue 10); this re-export goes with the ui/ folder. */
export { NoPermission, NO_PERMISSION_MESSAGE, Restricted, useCan } from '../layout/Restricted';
