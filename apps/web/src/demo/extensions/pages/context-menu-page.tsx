/**
 * `/extensions/context-menu`: a right-click menu on MUI Menu. A right click on a reservation
 * opens the menu at the pointer; on a focused row Shift+F10 or the ContextMenu key opens it at
 * the row. The actions change the list: seat the party, mark it a no-show, duplicate the
 * booking, delete it. Esc closes the menu and focus goes back to the row.
 */
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EventBusy from '@mui/icons-material/EventBusy';
import EventSeat from '@mui/icons-material/EventSeat';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';

type Status = 'booked' | 'seated' | 'noShow';

interface Reservation {
  id: number;
  name: string;
  time: string;
  covers: number;
  status: Status;
}

const INITIAL: readonly Reservation[] = [
  { id: 1, name: 'Alice Moreau', time: '19:00', covers: 2, status: 'booked' },
  { id: 2, name: 'Jonas Becker', time: '19:30', covers: 4, status: 'booked' },
  { id: 3, name: 'Beatriz Souza', time: '20:00', covers: 3, status: 'seated' },
  { id: 4, name: 'Tom Hughes', time: '20:15', covers: 6, status: 'booked' },
];

const STATUS_COLOURS = { booked: 'default', seated: 'success', noShow: 'error' } as const;

interface OpenMenu {
  id: number;
  top: number;
  left: number;
  row: HTMLElement;
}

/** The context-menu page (see the module comment). */
export default function ContextMenuPage() {
  const { t } = useTranslation('demo-extensions');
  const [rows, setRows] = useState<Reservation[]>([...INITIAL]);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const [lastAction, setLastAction] = useState<string>('');

  const openAtPointer = (event: MouseEvent<HTMLElement>, id: number) => {
    event.preventDefault();
    const row = event.currentTarget;
    // A context menu opened from the keyboard reports no pointer position: use the row's.
    if (event.clientX === 0 && event.clientY === 0) {
      const box = row.getBoundingClientRect();
      setMenu({ id, top: box.top + box.height / 2, left: box.left + 24, row });
    } else setMenu({ id, top: event.clientY, left: event.clientX, row });
  };

  const openFromKeyboard = (event: KeyboardEvent<HTMLElement>, id: number) => {
    if (!((event.shiftKey && event.key === 'F10') || event.key === 'ContextMenu')) return;
    event.preventDefault();
    const row = event.currentTarget;
    const box = row.getBoundingClientRect();
    setMenu({ id, top: box.top + box.height / 2, left: box.left + 24, row });
  };

  const close = () => {
    menu?.row.focus();
    setMenu(null);
  };

  const act = (action: 'seat' | 'noShow' | 'duplicate' | 'delete') => {
    if (!menu) return;
    const target = rows.find((row) => row.id === menu.id);
    if (!target) return;
    if (action === 'seat' || action === 'noShow') {
      setRows((current) => current.map((row) => (row.id === target.id ? { ...row, status: action === 'seat' ? 'seated' : 'noShow' } : row)));
    } else if (action === 'duplicate') {
      setRows((current) => {
        const id = Math.max(...current.map((row) => row.id)) + 1;
        const index = current.findIndex((row) => row.id === target.id);
        return [...current.slice(0, index + 1), { ...target, id, status: 'booked' }, ...current.slice(index + 1)];
      });
    } else setRows((current) => current.filter((row) => row.id !== target.id));
    setLastAction(t(`contextMenu.done.${action}`, { name: target.name }));
    if (action === 'delete') setMenu(null);
    else close();
  };

  return (
    <ShowcasePage target="contextMenu" subtitle={t('contextMenu.lead')} testId="extensions-context-menu">
      <DemoCard title={t('contextMenu.title')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id="context-menu-hint">
          {t('contextMenu.hint')}
        </Typography>
        <List aria-label={t('contextMenu.listLabel')} aria-describedby="context-menu-hint" data-testid="context-menu-list">
          {rows.map((row) => (
            <ListItemButton
              key={row.id}
              divider
              onContextMenu={(event) => openAtPointer(event, row.id)}
              onKeyDown={(event) => openFromKeyboard(event, row.id)}
              aria-haspopup="menu"
              data-testid={`context-row-${row.id}`}
              selected={menu?.id === row.id}
            >
              <ListItemText primary={row.name} secondary={t('contextMenu.rowDetails', { time: row.time, count: row.covers })} />
              <Chip size="small" color={STATUS_COLOURS[row.status]} label={t(`contextMenu.status.${row.status}`)} />
            </ListItemButton>
          ))}
        </List>
        <Typography role="status" color="text.secondary" data-testid="context-menu-last" sx={{ mt: 1, minHeight: 24 }}>
          {lastAction}
        </Typography>
      </DemoCard>
      <Menu
        open={menu !== null}
        onClose={close}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.top, left: menu.left } : undefined}
        slotProps={{ list: { 'aria-label': t('contextMenu.menuLabel') } }}
        data-testid="context-menu"
      >
        <MenuItem onClick={() => act('seat')}>
          <ListItemIcon>
            <EventSeat fontSize="small" />
          </ListItemIcon>
          {t('contextMenu.actions.seat')}
        </MenuItem>
        <MenuItem onClick={() => act('noShow')}>
          <ListItemIcon>
            <EventBusy fontSize="small" />
          </ListItemIcon>
          {t('contextMenu.actions.noShow')}
        </MenuItem>
        <MenuItem onClick={() => act('duplicate')}>
          <ListItemIcon>
            <ContentCopy fontSize="small" />
          </ListItemIcon>
          {t('contextMenu.actions.duplicate')}
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => act('delete')} sx={{ color: 'error.main' }}>
          <ListItemIcon>
            <DeleteOutline fontSize="small" color="error" />
          </ListItemIcon>
          {t('contextMenu.actions.delete')}
        </MenuItem>
      </Menu>
    </ShowcasePage>
  );
}
