import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PanelDataProvider } from './dataProvider';

/**
 * The ids of the staff away today (GET /api/equipe/ausentes): they are not offered for
 * assignment (issue 13). null while loading (offer no one yet); empty when the call fails (the
 * server refuses an assignment to someone away anyway).
 */
export function useAusentesHoje(enabled = true): Set<string> | null {
  const dataProvider = useDataProvider<PanelDataProvider>();
  const q = useQuery({ queryKey: ['equipe', 'ausentes', 'hoje'], queryFn: () => dataProvider.ausentes(), enabled, staleTime: 60_000 });
  if (enabled && q.isPending && !q.isError) return null;
  return new Set((q.data ?? []).map((a) => a.userId));
}
