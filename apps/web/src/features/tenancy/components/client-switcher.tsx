/**
 * Navbar client switcher: for a user of several clients (or a super admin) a menu
 * of clients; choosing one asks the server for a token of that client and starts over on the
 * reviews screen. Others see the client's name only.
 */
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useMyClients } from '../api/get-my-clients.ts';
import { useSwitchClient } from '../api/switch-client.ts';

export function ClientSwitcher({ clientName }: { clientName: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clients = useMyClients();
  // The other client's day starts on its Overview (or the first screen the user may see there).
  const switchClient = useSwitchClient({ onSwitched: () => void navigate(PATHS.home) });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = clients.data?.data ?? [];
  if (list.length < 2) {
    return clientName ? (
      <Typography variant="body2" color="text.secondary" noWrap>
        {clientName}
      </Typography>
    ) : null;
  }
  return (
    <>
      <Button
        data-testid="client-switcher"
        size="small"
        color="inherit"
        endIcon={<SwapHorizIcon fontSize="small" />}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={switchClient.isPending}
        aria-label={t('tenancy.switchClient')}
        sx={{ textTransform: 'none', color: 'text.secondary' }}
      >
        {clientName ?? t('tenancy.chooseClient')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {list.map((c) => (
          <MenuItem
            key={c.id}
            selected={c.current}
            onClick={() => {
              setAnchor(null);
              if (c.current) return;
              switchClient.mutate(c.id);
            }}
          >
            {c.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
