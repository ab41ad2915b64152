/*
 * Finanças' calls that are not CRUD (issue 12), as named dataProvider methods spread into the core
 * dataProvider and reached with `useFinancasApi()` (useDataProvider: a 401 signs out).
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { FinancasResumoResponse } from '@veritas/common';
import { apiData } from './registrosMethods';

export const financasMethods = {
  /** Receivable, received, overdue and aging for a period (7d, 30d, mes, ano). */
  financasResumo: (periodo: string) => apiData<FinancasResumoResponse>(`/financas/resumo?periodo=${encodeURIComponent(periodo)}`),
};

export type FinancasMethods = typeof financasMethods;

export function useFinancasApi(): DataProvider & FinancasMethods {
  return useDataProvider<DataProvider & FinancasMethods>();
}
