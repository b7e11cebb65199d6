/**
 * The actions the list toolbar and the open email share: an icon button with its tooltip (the
 * name is also its `aria-label`), the "Move to" menu (inbox, spam, trash;
 * docs/requirements/states.md folder changes) and the label menu (toggles,
 * docs/requirements/calls.md update-emails-label).
 */
import CheckIcon from '@mui/icons-material/Check';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import Box from '@mui/material/Box';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_LABELS, type TEmailFolder, type TEmailLabel } from '../schema.ts';
import { LABEL_COLORS } from './email-format.ts';

export interface ActionButtonProps extends Omit<IconButtonProps, 'title' | 'children'> {
  /** Tooltip and accessible name. */
  title: string;
  icon: ReactNode;
}

/** An icon button with a tooltip; a disabled one keeps its tooltip through a wrapper. */
export function ActionButton({ title, icon, disabled, ...props }: ActionButtonProps) {
  const button = (
    <IconButton aria-label={title} disabled={disabled} {...props}>
      {icon}
    </IconButton>
  );
  return <Tooltip title={title}>{disabled ? <span>{button}</span> : button}</Tooltip>;
}

/** Folders an email can be moved to by hand (sent and draft are filled by sending and drafting). */
const MOVE_TARGETS: readonly TEmailFolder[] = ['inbox', 'spam', 'trash'];

export interface MoveToMenuProps {
  /** The folder the emails are in now (not offered), when they share one. */
  current?: TEmailFolder | undefined;
  disabled?: boolean;
  onMove: (folder: TEmailFolder) => void;
}

/** "Move to" with its folder menu. */
export function MoveToMenu({ current, disabled, onMove }: MoveToMenuProps) {
  const { t } = useTranslation('demo-email');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <ActionButton
        title={t('actions.moveTo')}
        icon={<DriveFileMoveOutlinedIcon />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="email-move-menu"
      />
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {MOVE_TARGETS.filter((folder) => folder !== current).map((folder) => (
          <MenuItem
            key={folder}
            onClick={() => {
              setAnchor(null);
              onMove(folder);
            }}
            data-testid={`email-move-to-${folder}`}
          >
            {t('actions.moveToFolder', { folder: t(`folders.${folder}`) })}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export interface LabelMenuProps {
  /** Whether every email concerned has the label (a check mark). */
  hasLabel: (label: TEmailLabel) => boolean;
  disabled?: boolean;
  onToggle: (label: TEmailLabel) => void;
}

/** The label menu: each entry toggles its label. */
export function LabelMenu({ hasLabel, disabled, onToggle }: LabelMenuProps) {
  const { t } = useTranslation('demo-email');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <ActionButton
        title={t('actions.labels')}
        icon={<LabelOutlinedIcon />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="email-label-menu"
      />
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {EMAIL_LABELS.map((label) => {
          const checked = hasLabel(label);
          return (
            <MenuItem
              key={label}
              role="menuitemcheckbox"
              aria-checked={checked}
              onClick={() => {
                setAnchor(null);
                onToggle(label);
              }}
            >
              <ListItemIcon>
                <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: `${LABEL_COLORS[label]}.main` }} />
              </ListItemIcon>
              <ListItemText primary={t(`labels.${label}`)} />
              {checked && <CheckIcon fontSize="small" sx={{ ml: 2, color: 'primary.main' }} />}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
