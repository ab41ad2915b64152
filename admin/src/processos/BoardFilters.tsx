import { BooleanInput, SelectInput, useGetList, useTranslate } from 'react-admin';
import { JUNTAS, type ProcessoModeloResponse, type UserResponse, worksRegistros } from '@veritas/common';
import { FilterBar, plainLabel } from '../layout/FilterBar';
import { useCan } from '../layout/Restricted';
import type { BoardFiltro } from './useBoard';

/** The URL-safe "no one" the server reads as responsavelId IS NULL. */
const SEM_RESPONSAVEL = 'nenhum';

const JUNTA_CHOICES = JUNTAS.map((j) => ({ id: j.uf, name: `${j.sigla} (${j.uf})` }));

/** What the board's selects share: no helper line, compact, a fixed width that a phone may shrink. */
const compact = (width: number) => ({ helperText: false as const, margin: 'none' as const, size: 'small' as const, translateChoice: false, sx: { width, maxWidth: 1 } });

/**
 * The board's filters: the service (whose template gives the columns), the Junta, the person
 * responsible (the board chooses among those who work registros; anyone may pick "Meus registros"
 * or "Sem responsável") and the late ones only. Each lives in the address (react-admin's inputs in a
 * FilterBar).
 */
export function BoardFilters(props: { filtros: Record<BoardFiltro, string>; setFiltro: (k: BoardFiltro, v: string) => void; modelos?: ProcessoModeloResponse[] }) {
  const { filtros, setFiltro, modelos } = props;
  const translate = useTranslate();
  const t = (key: string) => translate(`processos.${key}`);
  const board = useCan('users.list');
  const users = useGetList<UserResponse & { id: string }>(
    'users',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'nomeCompleto', order: 'ASC' } },
    { enabled: board },
  );
  const responsaveis = [
    { id: 'me', name: t('meus') },
    { id: SEM_RESPONSAVEL, name: t('semResponsavel') },
    ...(users.data ?? []).filter((u) => worksRegistros(u.permissions)).map((u) => ({ id: u._id, name: u.nomeCompleto })),
  ];
  const values = { servico: modelos ? filtros.servico : '', junta: filtros.junta, responsavel: filtros.responsavel, atrasados: !!filtros.atrasados };
  const change = (name: string, value: unknown) => {
    if (name === 'atrasados') setFiltro('atrasados', value ? '1' : '');
    else setFiltro(name as BoardFiltro, typeof value === 'string' ? value : '');
  };
  return (
    <FilterBar values={values} onChange={change} label={t('filtros')}>
      <SelectInput
        source="servico"
        label={plainLabel(t('servico'))}
        choices={(modelos ?? []).map((m) => ({ id: m.servico, name: m.nome }))}
        isPending={!modelos}
        isRequired
        {...compact(280)}
      />
      <SelectInput source="junta" label={t('junta')} choices={JUNTA_CHOICES} emptyText={t('todas')} {...compact(220)} />
      <SelectInput source="responsavel" label={t('responsavel')} choices={responsaveis} emptyText={t('todos')} {...compact(220)} />
      <BooleanInput source="atrasados" label={t('atrasados')} helperText={false} />
    </FilterBar>
  );
}
