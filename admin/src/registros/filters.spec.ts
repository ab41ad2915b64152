import { applyOption, checkboxFilterValue, type FilterOption, isCheckedFilter, matchOption } from './filters';

const STATUS: FilterOption[] = [
  { value: 'abertos', label: 'Em aberto', filter: { aberto: true } },
  { value: 'todos', label: 'Todos', filter: {} },
  { value: 'pendente', label: 'Pendente', filter: { status: 'pendente' } },
  { value: 'concluido', label: 'Concluído', filter: { status: 'concluido' } },
];

describe('matchOption', () => {
  it('finds the option the filter stands for, ignoring filters of other groups', () => {
    expect(matchOption(STATUS, { aberto: true, q: 'abc' })).toBe('abertos');
    expect(matchOption(STATUS, { status: 'concluido', responsavelId: 'me' })).toBe('concluido');
  });

  it('an empty filter is the "everything" option, not the first one', () => {
    expect(matchOption(STATUS, {})).toBe('todos');
    expect(matchOption(STATUS, { q: 'x' })).toBe('todos');
  });

  it('a filter no option describes falls back to the first option', () => {
    expect(matchOption(STATUS, { status: 'pendente', aberto: true })).toBe('abertos');
    expect(matchOption([{ value: 'a', label: 'A', filter: { x: 1 } }], {})).toBe('a');
  });
});

describe('applyOption', () => {
  it("replaces the group's keys and keeps the others", () => {
    expect(applyOption(STATUS, { aberto: true, q: 'padaria' }, 'concluido')).toEqual({ q: 'padaria', status: 'concluido' });
    expect(applyOption(STATUS, { status: 'pendente', vencido: true }, 'todos')).toEqual({ vencido: true });
  });

  it('answers null for an unknown option', () => {
    expect(applyOption(STATUS, {}, 'nada')).toBeNull();
  });

  it('round-trips: the applied option is the one matched', () => {
    for (const o of STATUS) expect(matchOption(STATUS, applyOption(STATUS, { q: 'x' }, o.value)!)).toBe(o.value);
  });
});

describe('checkbox filters', () => {
  it("unchecked removes the filter ('' is dropped by react-admin), checked sends true", () => {
    expect(checkboxFilterValue(true)).toBe(true);
    expect(checkboxFilterValue(false)).toBe('');
  });

  it('reads the value back from the URL either as a boolean or as text', () => {
    expect(isCheckedFilter(true)).toBe(true);
    expect(isCheckedFilter('true')).toBe(true);
    expect(isCheckedFilter(undefined)).toBe(false);
    expect(isCheckedFilter('')).toBe(false);
  });
});
