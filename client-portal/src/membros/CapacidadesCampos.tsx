import { CAPACIDADE_LABELS, CAPACIDADES_AJUSTAVEIS, type Capacidade } from '@veritas/common';

/** The four capacities a Responsável turns on or off per member, as checkboxes. */
export function CapacidadesCampos({ id, value, onChange, disabled }: { id: string; value: readonly Capacidade[]; onChange: (v: Capacidade[]) => void; disabled?: boolean }) {
  const toggle = (c: Capacidade) => onChange(value.includes(c) ? value.filter((x) => x !== c) : [...value, c]);
  return (
    <fieldset className="field membros__capacidades" disabled={disabled}>
      <legend className="field__label">O que pode fazer</legend>
      {CAPACIDADES_AJUSTAVEIS.map((c) => (
        <label key={c} htmlFor={`${id}-${c}`} className="checkbox">
          <input id={`${id}-${c}`} type="checkbox" checked={value.includes(c)} onChange={() => toggle(c)} /> {CAPACIDADE_LABELS[c]}
        </label>
      ))}
    </fieldset>
  );
}
