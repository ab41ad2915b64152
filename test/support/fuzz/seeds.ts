import { randomInt } from 'node:crypto';

/** The sequence CI has always run; kept so that a regression it once caught stays caught. */
export const FIXED_SEED = 20_260_905;

export interface FuzzSeed {
  seed: number;
  why: 'fixa' | 'aleatória' | 'FUZZ_SEED';
}

/**
 * The seeds of one run (issue 55): FUZZ_SEED alone when set (to repeat a run), otherwise the fixed
 * seed and a fresh random one, so that every CI run also explores requests no earlier run sent.
 */
export function fuzzSeeds(env: Record<string, string | undefined>, random: () => number = () => randomInt(1, 2 ** 31 - 1)): FuzzSeed[] {
  const given = env.FUZZ_SEED?.trim();
  if (given) {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED deve ser um número inteiro (recebido: "${given}").`);
    return [{ seed, why: 'FUZZ_SEED' }];
  }
  let seed = random();
  while (seed === FIXED_SEED) seed = random();
  return [
    { seed: FIXED_SEED, why: 'fixa' },
    { seed, why: 'aleatória' },
  ];
}
