import { normalizeSearch } from '@veritas/common';

/** A document's search text (`documentos.busca`): its title and file name without accents or case. */
export function documentoBusca(titulo: string, nomeArquivo: string): string {
  return normalizeSearch(`${titulo} ${nomeArquivo}`).slice(0, 460);
}
