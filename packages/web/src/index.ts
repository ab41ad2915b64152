/*
 * @veritas/web: the browser code the staff panel, the client area and the public site share.
 * CSS: import '@veritas/web/tokens.css' and '@veritas/web/base.css'.
 */
export * from './errors';
export * from './client';
export * from './transfer';
export * from './hooks';
export * from './tokens';
export * from './etapas';
