/** Previous / next over a list of `total` items shown `size` at a time; nothing when one page holds them all. */
export function Pager({ page, size, total, onPage }: { page: number; size: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Paginação">
      <button type="button" className="button button--outline button--small" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        Anterior
      </button>
      <span aria-live="polite">
        Página {page + 1} de {pages}
      </span>
      <button type="button" className="button button--outline button--small" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        Próxima
      </button>
    </nav>
  );
}
