/**
 * A record's id as the server issues it (a UUID, any version; the API's ParseUUIDPipe accepts
 * exactly these). An address holding anything else names no record: the screens say "não
 * encontrado" without asking the server, so a mistyped link costs no request and no 404 logged
 * in the browser's console.
 */
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRecordId(value: string): boolean {
  return RECORD_ID.test(value);
}
