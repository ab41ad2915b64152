import { v7 } from 'uuid';

/**
 * A new row id: a UUID version 7 (RFC 9562) — 48 bits of the creation time in milliseconds, then
 * 74 random bits (still not guessable), kept increasing within a millisecond by the library. In
 * their text form these ids sort by creation time, so a table's primary key (and every index that
 * leads with the id of a row made just before, like a registro's stages by `registroId`) grows at
 * its end: InnoDB appends to the last pages of its clustered index instead of splitting and
 * rewriting pages all over it (random ids made a bulk insert into a table larger than the buffer
 * pool read and write pages at random). Names of files, message ids and request ids stay random v4.
 */
export function newId(): string {
  return v7();
}
