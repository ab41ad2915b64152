import { saveBlob } from '@veritas/web';
import { webClient } from './webClient';

/** The lists the server exports (GET /api/<resource>/exportar, streamed CSV). */
export type ExportableResource = 'registros' | 'clientes' | 'documentos' | 'contato' | 'auditoria' | 'solicitacoes-titulares';

export interface ExportParams {
  filter: Record<string, unknown>;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** Saved as `<filename>.csv`. */
  filename: string;
  onProgress?: (fraction: number) => void;
}

/** The URL of a server export: the list's own filter and sort, no range (the whole list). */
export function exportUrl(resource: ExportableResource, { filter, sort }: Pick<ExportParams, 'filter' | 'sort'>): string {
  const q = new URLSearchParams({ filter: JSON.stringify(filter) });
  if (sort) q.set('sort', JSON.stringify([sort.field === 'id' ? '_id' : sort.field, sort.order]));
  return `/api/${resource}/exportar?${q}`;
}

export const exportMethods = {
  /** The whole filtered, sorted list as the server streams it, saved as a CSV file. */
  async exportCsv(resource: ExportableResource, params: ExportParams): Promise<void> {
    const blob = await webClient.download(exportUrl(resource, params), { onProgress: params.onProgress });
    saveBlob(blob, `${params.filename}.csv`);
  },
};
