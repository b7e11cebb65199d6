/**
 * The pager under a demo table (users, invoices; docs/requirements/calls.md `perPage`, `page`,
 * `total`, docs/requirements/constants.md default 10 per page): 10, 25 or 50 rows (and whatever
 * `perPage` the URL asked for), numbers in the UI language, every label from the area's strings.
 */
import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

/** The page sizes offered (the URL may ask for another, which is then offered too). */
export const DEMO_PAGE_SIZES = [10, 25, 50] as const;

export interface DemoTablePaginationProps {
  total: number;
  /** 1-based; a page past the end shows as the last one. */
  page: number;
  perPage: number;
  onChange: (change: { page?: number; perPage?: number }) => void;
  labels: {
    rowsPerPage: string;
    /** "1–10 of 50", given the numbers already formatted. */
    displayed: (range: { from: string; to: string; count: string }) => string;
    /** The accessible name of a page button. */
    button: (type: 'first' | 'last' | 'next' | 'previous') => string;
  };
  testId: string;
}

export function DemoTablePagination({ total, page, perPage, onChange, labels, testId }: DemoTablePaginationProps) {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, lastPage) - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...new Set([...DEMO_PAGE_SIZES, perPage])].sort((a, b) => a - b)}
      onPageChange={(_event, next) => onChange({ page: next + 1 })}
      onRowsPerPageChange={(event) => onChange({ perPage: Number(event.target.value) })}
      labelRowsPerPage={labels.rowsPerPage}
      labelDisplayedRows={({ from, to, count }) => labels.displayed({ from: number.format(from), to: number.format(to), count: number.format(count) })}
      getItemAriaLabel={labels.button}
      data-testid={testId}
    />
  );
}
