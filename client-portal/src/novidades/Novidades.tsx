import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTimeBR, type NovidadeResponse, PORTAL_PATHS } from '@veritas/common';
import { pageRange } from '@veritas/web';
import { useMarcarLida, useMarcarTodasLidas } from '../lib/mutations';
import { queries } from '../lib/queries';
import { OPENED_HERE, useCloseDialog } from '../portal/navigation';
import { Dialog } from '../ui/Dialog';
import { ErrorNotice } from '../ui/Notice';
import { Pager } from '../ui/Pager';

const PAGE_SIZE = 20;

/**
 * /cliente/novidades — every notice the firm sent the client (issue 53, ADR 0052), newest first, as
 * a dialog over the dashboard: the unread ones marked; opening one marks it read and goes to its
 * screen (a registro, a charge, the agenda...); "Marcar todas como lidas" clears the rest.
 */
export function Novidades() {
  const close = useCloseDialog(PORTAL_PATHS.dashboard);
  const [page, setPage] = useState(0);
  const list = useQuery(queries.novidades({ range: pageRange(page, PAGE_SIZE) }));
  const marcar = useMarcarLida();
  const todas = useMarcarTodasLidas();
  const rows = list.data?.data ?? [];
  const naoLidas = list.data?.naoLidas ?? 0;

  return (
    <Dialog title="Novidades" onClose={close}>
      <div className="novidades">
        <div className="section-head">
          <p aria-live="polite">{naoLidas === 0 ? 'Nenhuma novidade não lida.' : naoLidas === 1 ? '1 novidade não lida.' : `${naoLidas} novidades não lidas.`}</p>
          <button type="button" className="button button--outline button--small" disabled={naoLidas === 0 || todas.isPending} onClick={() => todas.mutate()}>
            Marcar todas como lidas
          </button>
        </div>
        <ErrorNotice error={list.error ?? todas.error} />
        {list.isPending ? (
          <p>Carregando…</p>
        ) : rows.length === 0 ? (
          <p>Nenhuma novidade por enquanto. Os avisos sobre seus registros, documentos, cobranças e compromissos aparecem aqui.</p>
        ) : (
          <ul className="doc-list novidades__lista">
            {rows.map((n) => (
              <NovidadeItem key={n._id} novidade={n} onOpen={() => !n.lidaEm && marcar.mutate(n._id)} />
            ))}
          </ul>
        )}
        <Pager page={page} size={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
      </div>
    </Dialog>
  );
}

function NovidadeItem({ novidade: n, onOpen }: { novidade: NovidadeResponse; onOpen: () => void }) {
  const unread = !n.lidaEm;
  return (
    <li className={unread ? 'doc-list__item novidade--nao-lida' : 'doc-list__item'}>
      <Link to={n.link} state={OPENED_HERE} onClick={onOpen} className="novidade__link">
        <span className="novidade__titulo">{n.titulo}</span>
        {unread && <span className="badge badge--new">Não lida</span>}
      </Link>
      <time className="novidade__data" dateTime={n.createdAt}>
        {formatDateTimeBR(n.createdAt)}
      </time>
    </li>
  );
}
