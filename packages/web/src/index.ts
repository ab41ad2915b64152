/*
 * @veritas/web: the browser code the staff panel, the client area and the public site share.
 * CSS: import '@veritas/web/tokens.css' and '@veritas/web/base.css'.
 */
export * from './errors';
export * from './client';
export { withId, withIds, withoutIds, answerWithIds, type WithId } from './envelope';
export * from './transfer';
export * from './hooks';
export * from './tokens';
export * from './etapas';
export * from './contrast';
export * from './session-end';
export * from './scheduling';
