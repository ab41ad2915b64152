import { useEffect, useMemo } from 'react';
import { Box } from '@mui/material';
import { SearchInput, useListContext } from 'react-admin';
import { FormProvider, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { matchesSearch } from '@veritas/common';
import type { MailRow } from './mailCache';
import { MailFilters } from './MailFilters';
import { useMailText } from './mailText';

interface SearchValues {
  q: string;
}

export interface MailSearch {
  /** The search box's form (react-hook-form's, as react-admin's filter form): `q` is what is typed. */
  form: UseFormReturn<SearchValues>;
  /** The page's rows, filtered by what is typed until the server answers for the whole folder. */
  rows: MailRow[];
  /** The server has not yet answered for what is typed. */
  pending: boolean;
  /** Puts the cursor in the search box (the `/` shortcut). */
  focus: () => void;
}

/**
 * 'Pesquisar email' (§2.14): the loaded rows filter as one types, and the list's `q` filter (in
 * the address, debounced by the list) then searches the whole folder on the server. What is typed
 * is the value of a react-admin SearchInput in its own form, as in react-admin's filter form.
 */
export function useMailSearch(): MailSearch {
  const { data, filterValues, displayedFilters, setFilters } = useListContext<MailRow>();
  const served = typeof filterValues.q === 'string' ? filterValues.q : '';
  const form = useForm<SearchValues>({ defaultValues: { q: served } });
  const typed = useWatch({ control: form.control, name: 'q' }) ?? '';
  useEffect(() => {
    const subscription = form.watch((values, { name, type }) => {
      if (name === 'q' && type === 'change') setFilters({ ...filterValues, q: values.q ?? '' }, displayedFilters, true);
    });
    return () => subscription.unsubscribe();
  }, [form, filterValues, displayedFilters, setFilters]);
  const rows = useMemo(() => {
    const page = data ?? [];
    if (typed === served) return page;
    return page.filter((m) => matchesSearch([m.subject, m.fromName, m.from, m.preview, ...m.to.map((a) => `${a.name} ${a.address}`)], typed));
  }, [data, typed, served]);
  return { form, rows, pending: typed !== served, focus: () => form.setFocus('q') };
}

export function MailSearchBox({ search }: { search: MailSearch }) {
  const t = useMailText();
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pt: 1.5 }}>
      <FormProvider {...search.form}>
        <Box component="form" role="search" onSubmit={(e) => e.preventDefault()} sx={{ maxWidth: 720 }}>
          <SearchInput
            source="q"
            type="search"
            placeholder={t('search')}
            fullWidth
            helperText={false}
            margin="none"
            slotProps={{ htmlInput: { 'aria-label': t('search') } }}
            sx={{ '& .MuiOutlinedInput-root, & .MuiFilledInput-root': { borderRadius: 6, bgcolor: 'action.hover' } }}
          />
        </Box>
      </FormProvider>
      <MailFilters />
    </Box>
  );
}
