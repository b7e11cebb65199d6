/**
 * The page (Facebook Page or Instagram account) whose conversations are listed. A native select:
 * accessible, phone friendly and simple to drive from tests; each option names its unread count,
 * and a page Facebook throttles or whose token it refused says so.
 */
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { TChannel, TInboxPage } from '@dinedesk/contracts';
import { useInboxT } from '../inbox-t.ts';

export interface PageSelectProps {
  channel: TChannel;
  pages: readonly TInboxPage[];
  pageId: string | null;
  onChange: (pageId: string) => void;
}

export function PageSelect({ channel, pages, pageId, onChange }: PageSelectProps) {
  const { t } = useInboxT();
  const selected = pages.find((p) => p.id === pageId);
  const optionLabel = (page: TInboxPage) => {
    const name = page.username ? `${page.name} (@${page.username})` : page.name;
    const parts = [name, page.outletName];
    if (page.unreadCount > 0) parts.push(t('unread', { count: page.unreadCount }));
    if (!page.connected) parts.push(t('pages.notConnected'));
    else if (page.health.status === 'token_invalid') parts.push(t('pages.tokenDead'));
    else if (page.health.status === 'rate_limited') parts.push(t('pages.rateLimited'));
    return parts.join(' · ');
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <TextField
        select
        size="small"
        fullWidth
        id="inbox-page-select"
        label={channel === 'instagram' ? t('pages.instagramLabel') : t('pages.messengerLabel')}
        value={selected ? selected.id : ''}
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value);
        }}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'inbox-page-select' },
        }}
      >
        {!selected && <option value="">{t('pages.choose')}</option>}
        {pages.map((page) => (
          <option key={page.id} value={page.id}>
            {optionLabel(page)}
          </option>
        ))}
      </TextField>
      {selected && selected.unreadCount > 0 && (
        <Badge
          color="error"
          badgeContent={selected.unreadCount}
          max={999}
          // The select's own text already names the count; this is the visual cue only.
          aria-hidden
          sx={{ mx: 1.5 }}
          data-testid="inbox-page-unread"
        />
      )}
    </Box>
  );
}
