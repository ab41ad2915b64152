import { useQuery } from '@tanstack/react-query';
import { PORTAL_PATHS } from '@veritas/common';
import { queries } from '../lib/queries';
import { useOpenDialog } from '../portal/navigation';

/** What the header's entry is called: "Novidades, 3 não lidas" (it starts with the words on screen, for voice users). */
export function novidadesLabel(naoLidas: number): string {
  if (naoLidas <= 0) return 'Novidades';
  return naoLidas === 1 ? 'Novidades, 1 não lida' : `Novidades, ${naoLidas} não lidas`;
}

/** The header's "Novidades", with the count of unread notices as a badge (issue 53). */
export function NovidadesButton() {
  const open = useOpenDialog();
  const naoLidas = useQuery(queries.naoLidas()).data ?? 0;
  return (
    <button type="button" className="button button--outline novidades-botao" aria-label={novidadesLabel(naoLidas)} onClick={() => open(PORTAL_PATHS.novidades)}>
      Novidades
      {naoLidas > 0 && (
        <>
          {' '}
          <span className="badge badge--new novidades-botao__contagem">{naoLidas > 99 ? '99+' : naoLidas}</span>
        </>
      )}
    </button>
  );
}
