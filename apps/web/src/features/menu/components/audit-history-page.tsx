/**
 * Menu Management → Audit history (/apps/menu-management/audit-history;
 * docs/requirements/routes.md, docs/requirements/screen-contents.md#menu-insights,
 * docs/decisions/0039): the outlet's menu items, which owners and managers edit here (name, price,
 * availability; items added by hand), and the append-only log of every change — who, when, each
 * field before and after — newest first, a page at a time.
 */
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TMenuChange, TMenuFieldChange, TMenuItem } from '@dinedesk/contracts/menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton, ListState } from '../../../components/list-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useFormats, type Formats } from '../../../lib/use-formats.ts';
import { useMenuHistory, useMenuItems } from '../api/menu.ts';
import { useMenuParams } from '../hooks/use-menu-params.ts';
import { MenuControls } from './menu-controls.tsx';
import { MenuItemDialog } from './menu-item-dialog.tsx';

function ItemsTable({ items, canEdit, f, onEdit }: { items: TMenuItem[]; canEdit: boolean; f: Formats; onEdit: (item: TMenuItem) => void }) {
  const { t } = useTranslation('menu');
  return (
    <Box sx={{ position: 'relative', overflowX: 'auto', maxHeight: 480 }} tabIndex={0} role="region" aria-label={t('audit.itemsCaption')}>
      <Table size="small" stickyHeader aria-label={t('audit.itemsCaption')} data-testid="menu-items">
        <TableHead>
          <TableRow>
            <TableCell>{t('audit.item')}</TableCell>
            <TableCell align="right">{t('audit.price')}</TableCell>
            <TableCell>{t('audit.available')}</TableCell>
            <TableCell>{t('audit.source')}</TableCell>
            {canEdit && <TableCell align="right">{t('audit.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((i) => (
            <TableRow key={i.id} data-testid={`menu-item-${i.id}`}>
              <TableCell component="th" scope="row">
                {i.name}
              </TableCell>
              <TableCell align="right">
                {i.price !== null ? f.money(i.price) : i.orderPrice !== null ? t('audit.orderPrice', { price: f.money(i.orderPrice) }) : '—'}
              </TableCell>
              <TableCell>{i.available ? t('audit.yes') : <Chip size="small" label={t('live.unavailable')} />}</TableCell>
              <TableCell>{i.source === 'orders' ? t('audit.fromOrders') : t('audit.byHand')}</TableCell>
              {canEdit && (
                <TableCell align="right">
                  <IconButton size="small" aria-label={t('audit.edit', { item: i.name })} onClick={() => onEdit(i)} data-testid={`menu-edit-${i.id}`}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** One field's change as a sentence: "Priya changed the price of Pilau Rice from £2.95 to £3.25". */
function ChangeText({ change, currency, actor, item }: { change: TMenuFieldChange; currency: string | null; actor: string; item: string }) {
  const { t } = useTranslation('menu');
  const f = useFormats(currency);
  const value = (v: TMenuFieldChange['before']) => {
    if (v === null) return change.field === 'price' ? t('audit.orderPriceShort') : '—';
    if (typeof v === 'boolean') return v ? t('audit.yes') : t('audit.no');
    if (typeof v === 'number') return f.money(v);
    return v;
  };
  return (
    <Box component="li">{t('audit.sentence.changed', { actor, item, field: t(`audit.sentence.field.${change.field}`), before: value(change.before), after: value(change.after) })}</Box>
  );
}

function HistoryTable({ outletId }: { outletId: string }) {
  const { t, i18n } = useTranslation('menu');
  const q = useMenuHistory(outletId);
  if (q.isPending) return <ListSkeleton rows={3} rowHeight={36} />;
  if (q.isError) return <ListError error={q.error} onRetry={() => void q.refetch()} />;
  const rows: TMenuChange[] = q.data.pages.flatMap((p) => p.data);
  if (!rows.length) return <ListEmpty title={t('audit.noHistory')} testId="menu-history-empty" />;
  return (
    <Stack spacing={1}>
      <Box sx={{ position: 'relative', overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('audit.historyCaption')}>
        <Table size="small" aria-label={t('audit.historyCaption')} data-testid="menu-history">
          <TableHead>
            <TableRow>
              <TableCell>{t('audit.when')}</TableCell>
              <TableCell>{t('audit.who')}</TableCell>
              <TableCell>{t('audit.item')}</TableCell>
              <TableCell>{t('audit.changes')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id} data-testid={`menu-change-${c.id}`}>
                <TableCell>{formatDate(c.at, i18n.language, true)}</TableCell>
                <TableCell>{c.actorName}</TableCell>
                <TableCell component="th" scope="row">
                  {c.itemName}
                  {c.kind === 'created' && <Chip size="small" variant="outlined" label={t('audit.created')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {c.kind === 'created' && <Box component="li">{t('audit.sentence.created', { actor: c.actorName, item: c.itemName })}</Box>}
                    {c.kind === 'updated' && c.changes.map((ch) => <ChangeText key={ch.field} change={ch} currency={c.currency} actor={c.actorName} item={c.itemName} />)}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {q.hasNextPage && (
        <Button onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage} sx={{ alignSelf: 'center' }} data-testid="menu-history-more">
          {t('audit.more')}
        </Button>
      )}
    </Stack>
  );
}

export function AuditHistoryPage() {
  const { t } = useTranslation('menu');
  const { t: appT } = useTranslation();
  const { outletId, setOutlet } = useMenuParams();
  const q = useMenuItems(outletId);
  const data = q.data;
  const f = useFormats(data?.currency ?? null);
  const [editing, setEditing] = useState<TMenuItem | 'new' | null>(null);
  return (
    <Stack spacing={3}>
      <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <ListState query={q} isEmpty={!data?.outletId} skeleton={{ rows: 6, rowHeight: 40, label: appT('common.loading') }} empty={<ListEmpty title={t('noOutlets')} testId="menu-no-outlets" />}>
        {data?.outletId && (
          <Stack spacing={2}>
            <MenuControls outlets={data.outlets} outletId={data.outletId} onOutlet={setOutlet} />
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="menu-items-title">
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                <Typography component="h2" variant="subtitle1" id="menu-items-title" sx={{ fontWeight: 600 }}>
                  {t('audit.items')}
                </Typography>
                {data.canEdit && (
                  <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="menu-add">
                    {t('audit.add')}
                  </Button>
                )}
              </Stack>
              {data.data.length === 0 ? <ListEmpty title={t('live.empty')} description={t('live.emptyHint')} testId="menu-items-empty" /> : <ItemsTable items={data.data} canEdit={data.canEdit} f={f} onEdit={setEditing} />}
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="menu-history-title">
              <Typography component="h2" variant="subtitle1" id="menu-history-title" sx={{ fontWeight: 600 }}>
                {t('audit.history')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('audit.historyHint')}
              </Typography>
              <HistoryTable outletId={data.outletId} />
            </Paper>
            {editing && <MenuItemDialog item={editing === 'new' ? null : editing} outletId={data.outletId} currency={data.currency} f={f} onClose={() => setEditing(null)} />}
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}

export default AuditHistoryPage;
