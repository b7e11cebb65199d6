/** The sample menu as an MUI table (import-export and pdf-export pages), money in the page's language. */
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { MENU_COLUMNS, type MenuItem } from '../menu-items.ts';

/** Formats a menu price in `language` (the sample menu is priced in euros). */
export function formatPrice(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(amount);
}

/** The table (see the module comment). */
export function MenuTable({ items, label, testId }: { items: readonly MenuItem[]; label: string; testId: string }) {
  const { t, i18n } = useTranslation('demo-extensions');
  return (
    <TableContainer>
      <Table size="small" aria-label={label} data-testid={testId}>
        <TableHead>
          <TableRow>
            {MENU_COLUMNS.map((column) => (
              <TableCell key={column} align={column === 'price' ? 'right' : 'left'}>
                {t(`menu.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.sku}>
              <TableCell>{item.sku}</TableCell>
              <TableCell>{item.name}</TableCell>
              <TableCell>{t(`menu.categories.${item.category}`)}</TableCell>
              <TableCell align="right">{formatPrice(item.price, i18n.language)}</TableCell>
              <TableCell>
                <Chip size="small" color={item.available ? 'success' : 'default'} label={item.available ? t('menu.yes') : t('menu.no')} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
