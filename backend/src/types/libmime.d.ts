/** The part of libmime (a dependency of mailparser, same author) the listener uses; it ships no types. */
declare module 'libmime' {
  /** Decodes RFC 2047 encoded words ("=?UTF-8?B?...?=") in a header value. */
  export function decodeWords(value: string): string;
}
