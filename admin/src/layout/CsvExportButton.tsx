import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, downloadCSV, useDataProvider, useListContext, useNotify, type RaRecord } from 'react-admin';
import { CSV_BOM, CSV_BROWSER_MAX_ROWS, toCsv, type CsvColumn } from '@veritas/common';
import type { PanelDataProvider } from '../providers/dataProvider';
import type { ExportableResource } from '../providers/exportMethods';
import { errorMessage } from '@veritas/web';

/**
 * "Exportar" for the long lists: the filtered, sorted list as a pt-BR CSV (the shared columns of
 * @veritas/common). Up to CSV_BROWSER_MAX_ROWS rows the browser writes it from one page of the
 * list; beyond, the server streams the whole list (GET /api/<resource>/exportar), with the same
 * columns, so the file is the same either way.
 */
export function CsvExportButton<R>(props: { resource: ExportableResource; filename: string; columns: readonly CsvColumn<R>[] }) {
  const { resource, filename, columns } = props;
  const { filterValues, sort, total, resource: listResource } = useListContext();
  const dataProvider = useDataProvider<PanelDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      if ((total ?? 0) <= CSV_BROWSER_MAX_ROWS) {
        const { data } = await dataProvider.getList<RaRecord>(listResource, {
          filter: filterValues,
          sort,
          pagination: { page: 1, perPage: CSV_BROWSER_MAX_ROWS },
        });
        // The rows are the API's records (plus react-admin's `id`): what the columns read.
        downloadCSV(`${CSV_BOM}${toCsv(data as unknown as R[], columns)}`, filename);
      } else {
        await dataProvider.exportCsv(resource, { filter: filterValues, sort, filename });
      }
    } catch (error) {
      const fallback = 'Não foi possível exportar a lista.';
      notify(errorMessage(error, fallback), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label="ra.action.export" onClick={run} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
