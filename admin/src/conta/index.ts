import { lazy } from 'react';

/** Minha conta (issue 53): each staff member's recovery e-mail, and the page of its confirmation link. */
export default {
  page: lazy(() => import('./MinhaContaPage')),
  confirmar: lazy(() => import('./ConfirmarRecuperacaoPage')),
};
