import { useState, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Tab, Tabs } from '@mui/material';
import { SearchInput, useBasename, useDelete, useInput, useListContext, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, UNEXPECTED_FAILURE } from '@veritas/web';

/** A screen heading (the page's one h1) with its main action on the right, wrapping on a phone. */
export function PageHeader(props: { title: string; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2, mb: 1 }}>
      <Box component="h1" sx={{ typography: 'h5', m: 0 }}>
        {props.title}
      </Box>
      {props.action}
    </Box>
  );
}

/** A resource's heading with its add button (`resources.<res>.heading` and `.add`). */
export function ResourceHeader(props: { resource: string; onAdd?: () => void }) {
  const translate = useTranslate();
  return (
    <PageHeader
      title={translate(`resources.${props.resource}.heading`)}
      action={
        // No add button for who may not add (the server would answer 403).
        props.onAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={props.onAdd}>
            {translate(`resources.${props.resource}.add`)}
          </Button>
        )
      }
    />
  );
}

/**
 * Tabs (Todos, Ativos, ...) as a filter input of the list's filter form (put it in `filters` with
 * `alwaysOn`): the choice lives in the URL with the search, so it survives navigation and reload
 * and can be linked; being one form with the search, a tab clicked while the search is still
 * debouncing is not overwritten by it. `all` (the server's "no filter" value) is the default.
 */
export function FilterTabsInput(props: {
  source: string;
  label: string;
  options: readonly { value: string; label: string }[];
  all?: string;
  alwaysOn?: boolean;
}) {
  const { source, label, options, all = 'todos' } = props;
  const { field } = useInput({ source });
  const value = typeof field.value === 'string' && field.value ? field.value : all;
  return <TabsRow label={label} value={value} options={options} onChange={field.onChange} sx={{ flexBasis: '100%', order: 10 }} />;
}

/** A row of tabs that scrolls sideways on a phone (the look of every filter tab row). */
export function TabsRow(props: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  sx?: object;
}) {
  return (
    <Tabs
      value={props.value}
      onChange={(_, v: string) => props.onChange(v)}
      aria-label={props.label}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider', ...props.sx }}
    >
      {props.options.map((o) => (
        <Tab key={o.value} value={o.value} label={o.label} />
      ))}
    </Tabs>
  );
}

/** The tabs filter, ready for List's `filters`. */
export function tabsFilter(source: string, label: string, options: readonly { value: string; label: string }[]) {
  return <FilterTabsInput key={source} source={source} label={label} options={options} alwaysOn />;
}

/** The list's search (filter `q`, debounced into the URL by react-admin); the placeholder names it. */
export function searchFilter(placeholder: string) {
  return (
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      type="search"
      placeholder={placeholder}
      slotProps={{ htmlInput: { 'aria-label': placeholder } }}
      sx={{ minWidth: { sm: 360 } }}
    />
  );
}

/** The empty state of a list with no record at all (DataTable shows it instead of the table). */
export function EmptyText({ children }: { children: string }) {
  return (
    <Box sx={{ p: 3, color: 'text.secondary' }} role="status">
      {children}
    </Box>
  );
}

/** The empty text that depends on whether a filter is applied ("none yet" vs "none for this search"). */
export function ListEmpty(props: { none: string; noMatch: string; ignore?: string[] }) {
  const { filterValues } = useListContext();
  const filtered = Object.entries(filterValues).some(([k, v]) => !(props.ignore ?? []).includes(k) && v !== undefined && v !== '');
  const translate = useTranslate();
  return <EmptyText>{translate(filtered ? props.noMatch : props.none, { _: filtered ? props.noMatch : props.none })}</EmptyText>;
}

export type DialogKind = 'create' | 'show' | 'edit';
export interface DialogRoute {
  kind: DialogKind | null;
  id: string | null;
  open(kind: DialogKind, id?: string | number, options?: { back?: 'show' }): void;
  /** Back to the details when the form was opened from them, else to the list (Cancelar, Esc). */
  close(): void;
  /** Back to the list (after a save or a delete). */
  closeAll(): void;
}

/**
 * The list screen's modals as URLs, like Atomic CRM's deals: /<resource>/create,
 * /<resource>/:id/show and /<resource>/:id open the dialogs over the list (which the Resource
 * mounts at /<resource>/*), so a client's details can be linked and Back closes a dialog.
 * The list's query string (filters, sort, page) is carried along.
 */
export function useDialogRoute(path: string): DialogRoute {
  const basename = useBasename();
  const location = useLocation();
  const navigate = useNavigate();
  const root = `${basename}/${path}`;
  const create = matchPath(`${root}/create`, location.pathname);
  const show = matchPath(`${root}/:id/show`, location.pathname);
  const edit = create || show ? null : matchPath(`${root}/:id`, location.pathname);
  const kind: DialogKind | null = create ? 'create' : show ? 'show' : edit ? 'edit' : null;
  const id = show?.params.id ?? edit?.params.id ?? null;
  const go = (pathname: string, state?: unknown) => navigate({ pathname, search: location.search }, { state });
  return {
    kind,
    id,
    open(next, nextId, options) {
      const path = next === 'create' ? `${root}/create` : next === 'show' ? `${root}/${nextId}/show` : `${root}/${nextId}`;
      go(path, options?.back ? { back: options.back } : undefined);
    },
    close() {
      const back = (location.state as { back?: string } | null)?.back;
      if (kind === 'edit' && back === 'show' && id) go(`${root}/${id}/show`);
      else go(root);
    },
    closeAll() {
      go(root);
    },
  };
}

/**
 * What a list says when it cannot load (List's `error`): `prefix` and the server's reason (or the
 * HTTP status), or else the server's message and `fallback` when it sent none.
 */
export function ListLoadError(props: { prefix?: string; fallback?: string }) {
  const { error } = useListContext();
  const text = props.prefix !== undefined ? `${props.prefix}${errorMessage(error, UNEXPECTED_FAILURE)}` : errorMessage(error, props.fallback ?? UNEXPECTED_FAILURE);
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {text}
    </Alert>
  );
}

/**
 * The save and delete endings of a list screen's modals: the resource's notification
 * (resources.<res>.notifications.*), back to the list, and a delete asked for with a confirmation.
 */
export function useListModals<R extends RaRecord>(resource: string, dialog: DialogRoute, deleteError: (error: unknown) => string) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [deleting, setDeleting] = useState<R | null>(null);
  const [remove, { isPending: removing }] = useDelete<R>();
  const saved = (kind: 'created' | 'updated') => () => {
    notify(`resources.${resource}.notifications.${kind}`, { type: 'success' });
    dialog.closeAll();
    refresh();
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove(
      resource,
      { id: deleting.id, previousData: deleting },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`resources.${resource}.notifications.deleted`, { type: 'success' });
          setDeleting(null);
          if (dialog.kind) dialog.closeAll();
        },
        onError: (error) => {
          notify(deleteError(error), { type: 'error' });
          setDeleting(null);
        },
      },
    );
  };
  return { saved, deleting, setDeleting, confirmDelete, removing };
}
