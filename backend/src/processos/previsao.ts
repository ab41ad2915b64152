import { addBusinessDays, IsoDate, PREVISAO_MIN_CASOS, PrevisaoJanela, PrevisaoResponse, quantil } from '@veritas/common';

/** A stage still to finish, as the prediction needs it. */
export interface EtapaRestante {
  nome: string;
  duracaoDiasUteis: number;
  /** The day it started, when it is in progress. */
  inicioDia: IsoDate | null;
}

/** Expected duration of a stage in business days: [median, p90] of the past cases, or the template's. */
export function duracaoEsperada(passadas: readonly number[], modelo: number): [number, number] {
  if (passadas.length < PREVISAO_MIN_CASOS) return [modelo, modelo];
  return [quantil(passadas, 0.5)!, quantil(passadas, 0.9)!];
}

/**
 * "Previsão: entre D1 e D2" for the current stage and for the whole process: each remaining stage
 * adds its median (for D1) and its p90 (for D2) in business days on the Junta's calendar, from the
 * day the current stage started (or today, while it waits). A window already past is moved to today.
 */
export function preverJanelas(
  restantes: readonly EtapaRestante[],
  historico: ReadonlyMap<string, readonly number[]>,
  today: IsoDate,
  days: ReadonlySet<IsoDate>,
): PrevisaoResponse {
  if (!restantes.length) return { proximaEtapa: null, conclusao: null };
  const hoje = addBusinessDays(today, 0, days);
  let de: IsoDate | null = null;
  let ate: IsoDate | null = null;
  let proxima: PrevisaoJanela | null = null;
  for (const e of restantes) {
    const [lo, hi] = duracaoEsperada(historico.get(e.nome) ?? [], e.duracaoDiasUteis);
    if (de === null || ate === null) {
      const start = e.inicioDia ?? today;
      de = maxDay(addBusinessDays(start, lo, days), hoje);
      ate = maxDay(addBusinessDays(start, hi, days), hoje);
      proxima = { de, ate };
    } else {
      de = addBusinessDays(de, lo, days);
      ate = addBusinessDays(ate, hi, days);
    }
  }
  return { proximaEtapa: proxima, conclusao: { de: de!, ate: ate! } };
}

const maxDay = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
