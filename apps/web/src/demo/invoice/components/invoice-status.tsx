/**
 * How an invoice's state shows in the list (the template's): a round icon per status
 * (docs/requirements/states.md statuses) with a tooltip giving the status, balance and due date,
 * and the balance as an amount or, when nothing is due, a "Paid" chip.
 */
import ArrowCircleDownOutlined from '@mui/icons-material/ArrowCircleDownOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import PieChartOutlined from '@mui/icons-material/PieChartOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { balanceAmount } from '../balance.ts';
import type { TInvoice, TInvoiceStatus } from '../schema.ts';
import { formatInvoiceDate, formatMoney } from './invoice-format.ts';

type PaletteKey = 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info';

export const STATUS_STYLE: Readonly<Record<TInvoiceStatus, { icon: SvgIconComponent; color: PaletteKey }>> = {
  Sent: { icon: SendOutlined, color: 'secondary' },
  Paid: { icon: CheckCircleOutlined, color: 'success' },
  Draft: { icon: SaveOutlined, color: 'primary' },
  Downloaded: { icon: ArrowCircleDownOutlined, color: 'info' },
  'Past Due': { icon: InfoOutlined, color: 'error' },
  'Partial Payment': { icon: PieChartOutlined, color: 'warning' },
};

const STATUS_KEYS = {
  Paid: 'paid',
  Downloaded: 'downloaded',
  Sent: 'sent',
  Draft: 'draft',
  'Partial Payment': 'partialPayment',
  'Past Due': 'pastDue',
} as const satisfies Record<TInvoiceStatus, string>;

/** Translation key of a status (`statuses.*`). */
export const statusKey = (status: TInvoiceStatus) => STATUS_KEYS[status];

/** The status icon with its tooltip; focusable so keyboard users reach the tooltip too. */
export function InvoiceStatusIcon({ invoice }: { invoice: TInvoice }) {
  const { t, i18n } = useTranslation('demo-invoice');
  const { icon: Icon, color } = STATUS_STYLE[invoice.invoiceStatus];
  const status = t(`statuses.${statusKey(invoice.invoiceStatus)}`);
  const details = (
    <Box>
      <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
        {status}
      </Typography>
      <Typography variant="caption" component="p">
        {t('list.tooltipBalance', { amount: formatMoney(balanceAmount(invoice.balance), i18n.language) })}
      </Typography>
      <Typography variant="caption" component="p">
        {t('list.tooltipDue', { date: formatInvoiceDate(invoice.dueDate, i18n.language) })}
      </Typography>
    </Box>
  );
  return (
    <Tooltip title={details} describeChild>
      <Avatar
        tabIndex={0}
        role="img"
        aria-label={status}
        data-testid="invoice-status"
        data-status={invoice.invoiceStatus}
        sx={{ width: 32, height: 32, bgcolor: `${color}.main`, color: `${color}.contrastText`, '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
      >
        <Icon sx={{ fontSize: 18 }} />
      </Avatar>
    </Tooltip>
  );
}

/** The balance: "Paid" chip at 0, else the amount (negative: a credit). */
export function BalanceCell({ balance }: { balance: TInvoice['balance'] }) {
  const { t, i18n } = useTranslation('demo-invoice');
  const amount = balanceAmount(balance);
  if (amount === 0) return <Chip size="small" color="success" variant="outlined" label={t('list.paid')} data-testid="invoice-balance-paid" />;
  return (
    <Typography variant="body2" color={amount < 0 ? 'success.main' : 'text.primary'} sx={{ whiteSpace: 'nowrap' }}>
      {formatMoney(amount, i18n.language)}
    </Typography>
  );
}
