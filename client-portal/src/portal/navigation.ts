/*
 * Opening and closing the dialogs that have addresses of their own (a registro, a charge, a new
 * request...). An entry the portal pushes itself is marked, so closing a dialog opened here goes
 * Back (and Forward opens it again); a dialog reached from outside (a bookmark, an e-mail's link)
 * closes to its list, in place.
 */
import { type To, useLocation, useNavigate } from 'react-router';

interface PortalEntry {
  aberto?: 'portal';
}

/** The state of an entry the portal pushed (a <Link state> to a dialog carries it too). */
export const OPENED_HERE: PortalEntry = { aberto: 'portal' };

/** Opens the dialog at `to`: a new history entry, or (replace) the current one's place, keeping how it was reached. */
export function useOpenDialog() {
  const navigate = useNavigate();
  const location = useLocation();
  return (to: To, options: { replace?: boolean } = {}) =>
    navigate(to, options.replace ? { replace: true, state: location.state } : { state: OPENED_HERE });
}

/** Closes the dialog on screen: Back when the portal opened it, else to `list` (the filters kept). */
export function useCloseDialog(list: string) {
  const navigate = useNavigate();
  const { state, search } = useLocation();
  return () => {
    if ((state as PortalEntry | null)?.aberto === 'portal') navigate(-1);
    else navigate({ pathname: list, search }, { replace: true });
  };
}
