// The package ships no type declarations; this is the one call we make.
const extenso = require('extenso') as (valor: string, opcoes: { mode: 'currency'; currency: { type: 'BRL' } }) => string;

/**
 * An amount of integer centavos in words, pt-BR currency mode ("mil duzentos e trinta e quatro
 * reais e cinquenta centavos"), by the `extenso` library; the amount is handed over as the
 * decimal string it reads ("1234,50"), so no floating point is involved.
 */
export function valorPorExtenso(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError('valor inválido');
  const reais = Math.floor(centavos / 100);
  const cents = String(centavos % 100).padStart(2, '0');
  if (centavos === 0) return 'zero real';
  const words = extenso(`${reais},${cents}`, { mode: 'currency', currency: { type: 'BRL' } });
  // The library writes "de reais" after any amount from a million up ("um milhão e quinhentos mil de
  // reais"); pt-BR takes "de" only when the amount ends in milhão/milhões/bilhão... ("um milhão de reais").
  return reais >= 1_000_000 && reais % 1_000_000 !== 0 ? words.replace(/ de reais\b/, ' reais') : words;
}
