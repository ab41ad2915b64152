/**
 * What the client reads when attachments of a new request were not sent (issue 58): singular and
 * plural agree, the pronoun included ("enviá-lo" for one, "enviá-los" for several).
 */
export function anexosFalhosTexto(n: number): string {
  return n === 1
    ? 'Um anexo não foi enviado. Você pode enviá-lo de novo nos detalhes do registro.'
    : `${n} anexos não foram enviados. Você pode enviá-los de novo nos detalhes do registro.`;
}
