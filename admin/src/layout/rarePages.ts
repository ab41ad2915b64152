/*
 * react-admin's pages for rare moments — an expired session, a refused access — in
 * their own chunk: the first screen loads them only if it needs one (see PanelAdmin, PanelLayout).
 */
export { AccessDenied, AuthenticationError } from 'react-admin';
