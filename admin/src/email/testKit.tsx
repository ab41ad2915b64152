/*
 * For the mailbox's component tests (jsdom): messages made to measure, a dataProvider that answers
 * the list contract and the named methods from them, and the screen rendered inside react-admin with
 * the panel's i18n provider at an address of one's choosing.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, Notification, type DataProvider, type GetListParams } from 'react-admin';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { mailboxFolder, type EmailDetail, type EmailSummary, type StoredFolder } from '@veritas/common';
import { i18nProvider } from '../providers/i18nProvider';
import type { EmailMethods } from '../providers/emailMethods';

let made = 0;

export function summary(overrides: Partial<EmailSummary> = {}): EmailSummary {
  made += 1;
  const id = overrides._id ?? `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`;
  return {
    _id: id,
    folder: 'inbox',
    from: 'ana@exemplo.com.br',
    fromName: 'Ana Souza',
    to: [{ name: '', address: 'eu@veritas.com.br' }],
    cc: [],
    subject: `Mensagem ${made}`,
    date: '2026-03-02T12:00:00.000Z',
    read: true,
    starred: false,
    important: false,
    hasAttachments: false,
    preview: 'Primeira linha do texto',
    ...overrides,
  };
}

export function detail(overrides: Partial<EmailDetail> = {}): EmailDetail {
  return { ...summary(overrides), bcc: [], body: '<p>Corpo</p>', text: 'Corpo', isHtml: true, hasRemoteImages: false, messageId: null, inReplyTo: null, attachments: [], ...overrides };
}

type Mailbox = DataProvider & { [K in keyof EmailMethods]: jest.Mock };

/** Answers getList as GET /api/emails does (the folder a filter, q, unread, the page) from `rows`. */
export function fakeMailbox(rows: EmailSummary[]): Mailbox {
  const getList = jest.fn(async (resource: string, params: GetListParams) => {
    // The portal conversations' search beside the mailbox's (ConversasNaBusca): none here.
    if (resource === 'mensagens') return { data: [], total: 0 };
    const folder = mailboxFolder(params.filter);
    const q = typeof params.filter.q === 'string' ? params.filter.q.toLowerCase() : '';
    const found = rows.filter(
      (m) =>
        (folder === 'starred' ? m.starred && m.folder !== 'trash' : m.folder === folder) &&
        (!q || m.subject.toLowerCase().includes(q)) &&
        (params.filter.unread !== true || !m.read),
    );
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    return { data: found.slice((page - 1) * perPage, page * perPage).map((m) => ({ ...m, id: m._id })), total: found.length };
  });
  const unused = async () => {
    throw new Error('not in this test');
  };
  /** The methods change `rows` as the server would change the mailbox. */
  const change = (id: string, edit: Partial<EmailSummary>) => {
    const m = rows.find((r) => r._id === id);
    if (!m) throw new Error('Email não encontrado.');
    Object.assign(m, edit);
    return { ...m };
  };
  return {
    getList,
    getOne: unused,
    getMany: unused,
    getManyReference: unused,
    create: unused,
    update: unused,
    updateMany: unused,
    delete: unused,
    deleteMany: unused,
    getEmail: jest.fn(async (id: string) => detail(rows.find((m) => m._id === id))),
    getMailUsage: jest.fn(async () => ({ usedBytes: 1024, quotaBytes: 1024 * 1024 })),
    markEmailRead: jest.fn(async (id: string, read = true) => change(id, { read })),
    setEmailStarred: jest.fn(async (id: string, starred: boolean) => change(id, { starred })),
    setEmailImportant: jest.fn(async (id: string, important: boolean) => change(id, { important })),
    moveEmail: jest.fn(async (id: string, folder: StoredFolder) => change(id, { folder })),
    restoreEmail: jest.fn(async (id: string) => change(id, { folder: 'inbox' })),
    deleteEmail: jest.fn(async (id: string) => (change(id, { folder: 'trash' }), 'trash')),
    fetchEmailAttachment: jest.fn(async () => new Blob(['x'])),
    downloadEmailAttachment: jest.fn(async () => undefined),
    submitEmail: jest.fn(async () => summary({ folder: 'sent' })),
    getEmailVinculos: jest.fn(async () => []),
    setEmailVinculos: jest.fn(async () => []),
    anexarAoRegistro: jest.fn(unused),
  } as unknown as Mailbox;
}

/** Reports the address as it changes (jsdom has no fetch Request, which react-router's data routers need). */
function LocationProbe({ into }: { into: { current: Location | null } }) {
  into.current = useLocation();
  return null;
}

/** `ui` inside react-admin (the panel's messages, a cache of its own) at `url`; `location` follows the address. */
export function renderInPanel(ui: ReactNode, dataProvider: DataProvider, url = '/painel/email') {
  const location: { current: Location | null } = { current: null };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        {ui}
        <Notification />
      </AdminContext>
      <LocationProbe into={location} />
    </MemoryRouter>,
  );
  return { ...view, location, queryClient };
}

/** The address's list filter, as react-admin wrote it. */
export const filterOf = (location: Location | null) => JSON.parse(new URLSearchParams(location?.search).get('filter') ?? '{}') as Record<string, unknown>;
