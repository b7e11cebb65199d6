/**
 * The react button of a guest message and its small picker: ❤️ 😂 😮 😢 😡 👍, plus "Remove
 * reaction" when the page has reacted. Choosing the page's current reaction again removes it
 * too, as in Messenger. The picker is a popover: focus moves into it, Escape closes it.
 */
import AddReactionOutlinedIcon from '@mui/icons-material/AddReactionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useInboxT } from '../inbox-t.ts';
import { REACTION_NAMES, REACTIONS } from '../permissions.ts';

export interface ReactionPickerProps {
  /** The page's current reaction on the message. */
  current: string | null;
  disabled?: boolean;
  /** An emoji, or null to remove the page's reaction. */
  onReact: (reaction: string | null) => void;
}

export function ReactionPicker({ current, disabled = false, onReact }: ReactionPickerProps) {
  const { t } = useInboxT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pickerId = useId();
  const choose = (reaction: string | null) => {
    setAnchor(null);
    onReact(reaction);
  };
  return (
    <>
      <Tooltip title={t('reactions.react')}>
        <span className={anchor ? 'inbox-react open' : 'inbox-react'}>
          <IconButton
            size="small"
            aria-label={t('reactions.react')}
            aria-haspopup="true"
            aria-expanded={anchor ? 'true' : 'false'}
            aria-controls={anchor ? pickerId : undefined}
            disabled={disabled}
            onClick={(event) => setAnchor(event.currentTarget)}
            data-testid="message-react"
          >
            <AddReactionOutlinedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Popover
        id={pickerId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Box role="group" aria-label={t('reactions.pickerLabel')} sx={{ display: 'flex', alignItems: 'center', gap: 0.25, p: 0.5 }}>
          {REACTIONS.map((reaction) => {
            const selected = reaction === current;
            return (
              <IconButton
                key={reaction}
                onClick={() => choose(selected ? null : reaction)}
                aria-label={t('reactions.reactWith', { name: t(`reactions.names.${REACTION_NAMES[reaction]}`) })}
                aria-pressed={selected}
                data-testid="reaction-option"
                data-reaction={reaction}
                sx={{ fontSize: 22, width: 40, height: 40, bgcolor: selected ? 'action.selected' : undefined }}
              >
                <span aria-hidden>{reaction}</span>
              </IconButton>
            );
          })}
          {current && (
            <Button size="small" color="inherit" onClick={() => choose(null)} data-testid="reaction-remove" sx={{ ml: 0.5 }}>
              {t('reactions.remove')}
            </Button>
          )}
        </Box>
      </Popover>
    </>
  );
}
