import * as common from './index';
import { cutText, emailListDate, emailPreview, emailSubject, emailSubjectLine, formatFileSize } from './mail';

// São Paulo is UTC-3 all year (no daylight saving since 2019): 03:00Z is local midnight.
const at = (iso: string) => new Date(iso);

describe('emailListDate (São Paulo time)', () => {
  it.each<[string, string, string]>([
    // [message, now, shown]
    ['2025-06-15T03:00:00Z', '2025-06-15T15:00:00Z', '00:00'], // local midnight today
    ['2025-06-15T02:59:59Z', '2025-06-15T15:00:00Z', 'Ontem'], // one second before: yesterday
    ['2025-06-16T02:59:00Z', '2025-06-15T15:00:00Z', '23:59'], // late tonight (UTC says tomorrow)
    ['2025-06-15T03:00:00Z', '2025-06-16T02:59:59Z', '00:00'], // now is 23:59:59, message at 00:00
    ['2025-06-14T03:00:00Z', '2025-06-15T03:00:00Z', 'Ontem'], // now is midnight exactly
    ['2025-06-14T02:59:59Z', '2025-06-15T03:00:00Z', '13 de jun.'], // two calendar days back
    ['2025-05-31T20:00:00Z', '2025-06-01T12:00:00Z', 'Ontem'], // across a month
    ['2025-02-28T20:00:00Z', '2025-03-01T12:00:00Z', 'Ontem'], // across February's end
    ['2024-02-29T20:00:00Z', '2024-03-01T12:00:00Z', 'Ontem'], // leap day
    ['2024-12-31T23:00:00Z', '2025-01-01T12:00:00Z', 'Ontem'], // across a year (20:00 local on Dec 31st)
    ['2025-01-01T02:59:00Z', '2025-01-01T12:00:00Z', 'Ontem'], // 23:59 local on Dec 31st, UTC already says Jan 1st
    ['2024-12-30T12:00:00Z', '2025-01-01T12:00:00Z', '30 de dez. de 2024'], // two days back, last year
    ['2025-01-01T03:00:00Z', '2025-12-31T12:00:00Z', '1 de jan.'], // same year, long ago
    ['2025-03-05T12:00:00Z', '2025-06-15T12:00:00Z', '5 de mar.'],
    ['2023-05-05T12:00:00Z', '2025-06-15T12:00:00Z', '5 de mai. de 2023'],
    ['2025-07-01T12:00:00Z', '2025-06-15T12:00:00Z', '1 de jul.'], // a future date (a sender's clock) is not 'today'
  ])('%s seen at %s → %s', (message, now, shown) => {
    expect(emailListDate(message, at(now))).toBe(shown);
  });

  it('accepts a Date, a timestamp or an ISO string alike', () => {
    const now = at('2025-06-15T15:00:00Z');
    const d = at('2025-06-15T13:07:00Z');
    expect(emailListDate(d, now)).toBe('10:07');
    expect(emailListDate(d.getTime(), now)).toBe('10:07');
    expect(emailListDate(d.toISOString(), now)).toBe('10:07');
  });

  it.each([null, undefined, '', 'ontem', 'not a date'])('an unreadable date (%p) shows nothing', (value) => {
    expect(emailListDate(value as string, at('2025-06-15T15:00:00Z'))).toBe('');
  });
});

describe('emailSubjectLine', () => {
  const a = (n: number) => 'a'.repeat(n);
  it.each<[string | null | undefined, string]>([
    ['', '(sem assunto)'],
    ['   ', '(sem assunto)'],
    [null, '(sem assunto)'],
    [undefined, '(sem assunto)'],
    ['Reunião amanhã', 'Reunião amanhã'],
    ['  Re:\tContrato\n social ', 'Re: Contrato social'],
    [a(99), a(99)],
    [a(100), a(100)], // exactly 100: whole
    [a(101), a(97) + '...'], // one more: cut to 100 with the ellipsis
    [a(500), a(97) + '...'],
  ])('%p → %p', (subject, shown) => {
    expect(emailSubjectLine(subject)).toBe(shown);
  });

  it('never leaves more than 100 characters', () => {
    expect(emailSubjectLine(a(101))).toHaveLength(100);
  });
});

describe('emailPreview', () => {
  const x = (n: number) => 'x'.repeat(n);
  it.each<[string | null | undefined, string]>([
    ['', ''],
    [null, ''],
    ['Olá', 'Olá'],
    ['Primeira\nSegunda\nTerceira', 'Primeira Segunda'],
    ['\n\n  \nPrimeira\r\n\r\n   \r\nSegunda\nTerceira', 'Primeira Segunda'], // blank lines skipped
    ['Linha\rCR antigo\rfim', 'Linha CR antigo'],
    ['  espaços   no\tmeio  ', 'espaços no meio'],
    [x(120), x(120)], // exactly 120: whole
    [x(121), x(117) + '...'], // 121: cut to 117 plus the ellipsis
    [`${x(60)}\n${x(59)}`, `${x(60)} ${x(59)}`], // joined: 60 + 1 + 59 = 120
    [`${x(60)}\n${x(60)}`, `${x(60)} ${x(56)}...`], // joined: 121
  ])('%p → %p', (text, shown) => {
    expect(emailPreview(text)).toBe(shown);
  });

  it('cut previews are exactly 120 characters', () => {
    expect(emailPreview(x(500))).toHaveLength(120);
  });
});

describe('cutText', () => {
  it('counts an emoji as one character and never splits it', () => {
    const s = '😀'.repeat(121);
    const cut = cutText(s, 120);
    expect(Array.from(cut)).toHaveLength(120);
    expect(cut.endsWith('😀...')).toBe(true);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(cutText(`${'a'.repeat(96)} bcdef`, 100)).toBe(`${'a'.repeat(96)}...`);
  });
});

describe('formatFileSize', () => {
  it.each<[number | null | undefined, string]>([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1,5 KB'],
    [1024 * 1024 - 1, '1 MB'], // 1023,999 KB rounds up into the next unit
    [25 * 1024 * 1024, '25 MB'],
    [3.5 * 1024 ** 3, '3,5 GB'],
    [15 * 1024 ** 3, '15 GB'],
    [-5, '0 B'],
    [NaN, '0 B'],
    [null, '0 B'],
  ])('%p bytes → %p', (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });
});

describe('the package exports the mailbox rules', () => {
  it.each(['emailListDate', 'emailSubject', 'emailSubjectLine', 'emailPreview', 'formatFileSize', 'isEmailFolder'])('%s', (name) => {
    expect(typeof (common as Record<string, unknown>)[name]).toBe('function');
  });
  it.each(['EMAIL_FOLDERS', 'EMAIL_FOLDER_LABELS', 'MAIL_MESSAGES', 'NO_SUBJECT'])('%s', (name) => {
    expect((common as Record<string, unknown>)[name]).toBeDefined();
  });
});

describe('emailSubject (the reading view)', () => {
  it('keeps a long subject whole, where the list cuts it at 100', () => {
    const long = 'Alteração contratual '.repeat(10).trim();
    expect(emailSubject(long)).toBe(long);
    expect(emailSubjectLine(long).length).toBe(100);
  });
  it.each([[''], ['   '], [null], [undefined]])('%p → (sem assunto)', (blank) => {
    expect(emailSubject(blank)).toBe('(sem assunto)');
  });
});
