/** Messenger | Instagram switch, each with the unread total of its pages. */
import Badge from '@mui/material/Badge';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { CHANNELS, type TChannel } from '@dinedesk/contracts';
import { useInboxT } from '../inbox-t.ts';

export interface ChannelToggleProps {
  channel: TChannel;
  /** Unread total per channel; undefined while its pages load. */
  unread: Readonly<Partial<Record<TChannel, number>>>;
  onChange: (channel: TChannel) => void;
}

export function ChannelToggle({ channel, unread, onChange }: ChannelToggleProps) {
  const { t } = useInboxT();
  return (
    <ToggleButtonGroup
      value={channel}
      exclusive
      fullWidth
      size="small"
      color="primary"
      aria-label={t('channel.label')}
      onChange={(_event, value: TChannel | null) => {
        // Clicking the selected button gives null in MUI: keep the channel.
        if (value) onChange(value);
      }}
    >
      {CHANNELS.map((value) => {
        const count = unread[value] ?? 0;
        return (
          <ToggleButton
            key={value}
            value={value}
            data-testid={`inbox-channel-${value}`}
            aria-label={count > 0 ? `${t(`channel.${value}`)}, ${t('unread', { count })}` : t(`channel.${value}`)}
          >
            <Badge color="error" badgeContent={count} max={99} sx={{ '& .MuiBadge-badge': { right: -14 } }}>
              {t(`channel.${value}`)}
            </Badge>
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}
