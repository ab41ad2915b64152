import { Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useListContext, useTranslate } from 'react-admin';
import { useMailText } from './mailText';
import { ToolButton } from './ToolButton';

/**
 * '1–50 de 230' and the page arrows, on react-admin's paging (page in the address). A search's
 * count may stop at its limit ("mais de 1.000"): then the page's own rows tell the range.
 */
export function MailPager() {
  const t = useMailText();
  const translate = useTranslate();
  const { page, perPage, total, data, hasNextPage, setPage } = useListContext();
  const rows = data?.length ?? 0;
  const exact = total !== undefined;
  if (exact ? total === 0 : rows === 0 && page === 1) return null;
  const start = (page - 1) * perPage;
  const last = exact ? Math.min(total, page * perPage) : start + rows;
  const first = last > start ? start + 1 : 0;
  const range = exact
    ? t('toolbar.range', { first, last, total })
    : translate('ra.navigation.partial_page_range_info', { offsetBegin: first, offsetEnd: last });
  const more = exact ? last < total : Boolean(hasNextPage);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {range}
      </Typography>
      <ToolButton label={t('toolbar.previous')} title={t('toolbar.previousTitle')} icon={<ChevronLeftIcon />} disabled={page <= 1} onClick={() => setPage(page - 1)} />
      <ToolButton label={t('toolbar.next')} title={t('toolbar.nextTitle')} icon={<ChevronRightIcon />} disabled={!more} onClick={() => setPage(page + 1)} />
    </>
  );
}
