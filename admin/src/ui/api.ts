import { useDataProvider } from 'react-admin';
import type { PanelDataProvider } from '../providers/dataProvider';

export { messageOf, statusAndMessage, statusOf } from '../providers/errors';

/** The data provider with its named methods; through react-admin, so a 401 signs out. */
export function usePanelApi(): PanelDataProvider {
  return useDataProvider<PanelDataProvider>();
}
