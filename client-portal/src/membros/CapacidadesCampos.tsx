import { CAPACIDADE_LABELS, CAPACIDADES_AJUSTAVEIS, type Capacidade } from '@veritas/common';

/** The four capacities a Responsável turns on or off per member, as checkboxes (drawn like Meus dados → Notificações). */
export function CapacidadesCampos({ id, value, onChange, disabled }: { id: string; value: readonly Capacidade[]; onChange: (v: Capacidade[]) => void; disabled?: boolean }) {
  const toggle = (c: Capacidade) => onChange(value.includes(c) ? value.filter((x) => x !== c) : [...value, c]);
  return (
    <fieldset className="notificacoes" disabled={disabled}>
      <legend>O que pode fazer</legend>
      {CAPACIDADES_AJUSTAVEIS.map((c) => (
        <div key={c} className="notificacoes__item">
          <input id={`${id}-${c}`} type="checkbox" checked={value.includes(c)} onChange={() => toggle(c)} />
          <label htmlFor={`${id}-${c}`}>{CAPACIDADE_LABELS[c]}</label>
        </div>
      ))}
    </fieldset>
  );
}
