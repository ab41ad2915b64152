/** Moved to layout/InfoList (issue 10); this re-export goes with the ui/ folder. */
export * from '../layout/InfoList';
