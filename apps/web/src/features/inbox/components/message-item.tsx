/**
 * One message of the thread: a bubble on the left for the guest, on the right for the page;
 * image attachments shown, other attachments as links; the time, who sent it from DineDesk and
 * the HUMAN_AGENT tag; reactions under the bubble; the react button on guest messages.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TAttachment, TInboxMessage } from '@dinedesk/contracts';
import { memo } from 'react';
import { formatFullTime, formatMessageTime } from '../format.ts';
import { useInboxT } from '../i18n.ts';
import { srOnly } from '../sr-only.ts';
import { ReactionPicker } from './reaction-picker.tsx';

function Attachment({ attachment, onMediaLoad }: { attachment: TAttachment; onMediaLoad: () => void }) {
  const { t } = useInboxT();
  if (attachment.type === 'image') {
    return (
      <Link href={attachment.url} target="_blank" rel="noopener noreferrer" sx={{ display: 'block' }}>
        <Box
          component="img"
          src={attachment.url}
          alt={t('attachment.imageAlt')}
          loading="lazy"
          onLoad={onMediaLoad}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 280, borderRadius: 1.5, objectFit: 'contain' }}
        />
      </Link>
    );
  }
  return (
    <Link href={attachment.url} target="_blank" rel="noopener noreferrer" sx={{ display: 'block', color: 'inherit' }}>
      {t(`attachment.${attachment.type}`)}
    </Link>
  );
}

export interface MessageItemProps {
  message: TInboxMessage;
  now: number;
  /** The page may react (create Message) and the page is connected. */
  canReact: boolean;
  reacting: boolean;
  /** Shown under the page's last message once the guest has read it. */
  seen: boolean;
  onReact: (message: TInboxMessage, reaction: string | null) => void;
  onMediaLoad: () => void;
}

export const MessageItem = memo(function MessageItem({ message, now, canReact, reacting, seen, onReact, onMediaLoad }: MessageItemProps) {
  const { t, language } = useInboxT();
  const fromPage = message.direction === 'page';
  const reactions = [
    message.reactions.page && { by: 'page' as const, emoji: message.reactions.page },
    message.reactions.guest && { by: 'guest' as const, emoji: message.reactions.guest },
  ].filter((r): r is { by: 'page' | 'guest'; emoji: string } => Boolean(r));

  return (
    <Box
      component="li"
      data-testid="message-item"
      data-message-id={message.id}
      data-direction={message.direction}
      sx={{
        listStyle: 'none',
        display: 'flex',
        justifyContent: fromPage ? 'flex-end' : 'flex-start',
        px: { xs: 1, sm: 2 },
        py: 0.5,
        // With a mouse, the react button appears on hover or focus (less noise, as in
        // Messenger); on touch screens, which cannot hover, it stays visible.
        '@media (hover: hover)': {
          '& .inbox-react': { opacity: 0, transition: 'opacity 120ms' },
          '&:hover .inbox-react, & .inbox-react:focus-within, & .inbox-react.open': { opacity: 1 },
        },
      }}
    >
      <Box sx={{ maxWidth: { xs: '85%', sm: '70%' }, display: 'flex', flexDirection: 'column', alignItems: fromPage ? 'flex-end' : 'flex-start' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexDirection: fromPage ? 'row-reverse' : 'row' }}>
          <Box
            sx={{
              px: 1.5,
              py: 1,
              borderRadius: 2.5,
              borderBottomRightRadius: fromPage ? 4 : undefined,
              borderBottomLeftRadius: fromPage ? undefined : 4,
              bgcolor: fromPage ? 'primary.main' : 'grey.100',
              color: fromPage ? 'primary.contrastText' : 'text.primary',
              display: 'flex',
              flexDirection: 'column',
              gap: 0.75,
              minWidth: 0,
            }}
          >
            <Typography component="span" sx={srOnly}>
              {fromPage ? t('thread.fromPage') : t('thread.fromGuest')}
            </Typography>
            {message.attachments.map((attachment, index) => (
              <Attachment key={`${attachment.url}-${index}`} attachment={attachment} onMediaLoad={onMediaLoad} />
            ))}
            {message.text && (
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Typography>
            )}
          </Box>
          {!fromPage && canReact && (
            <ReactionPicker current={message.reactions.page} disabled={reacting} onReact={(reaction) => onReact(message, reaction)} />
          )}
        </Box>
        {reactions.length > 0 && (
          <Box sx={{ display: 'flex', gap: 0.5, mt: -0.5, px: 1, zIndex: 1 }}>
            {reactions.map(({ by, emoji }) => (
              <Box
                key={by}
                component="span"
                data-testid="message-reaction"
                data-by={by}
                data-reaction={emoji}
                title={by === 'page' ? t('reactions.byPage', { emoji }) : t('reactions.byGuest', { emoji })}
                sx={{
                  bgcolor: 'background.paper',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 10,
                  px: 0.75,
                  fontSize: 14,
                  lineHeight: '22px',
                }}
              >
                <span aria-hidden>{emoji}</span>
                <Box component="span" sx={srOnly}>
                  {by === 'page' ? t('reactions.byPage', { emoji }) : t('reactions.byGuest', { emoji })}
                </Box>
              </Box>
            ))}
          </Box>
        )}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            mt: 0.25,
            px: 0.5,
            flexWrap: 'wrap',
            justifyContent: fromPage ? 'flex-end' : 'flex-start',
          }}
        >
          <Typography
            component="time"
            variant="caption"
            color="text.secondary"
            dateTime={message.createdTime}
            title={formatFullTime(message.createdTime, language)}
          >
            {formatMessageTime(message.createdTime, now, language)}
          </Typography>
          {message.sentBy && (
            <Typography variant="caption" color="text.secondary">
              · {t('thread.sentBy', { name: message.sentBy })}
            </Typography>
          )}
          {message.humanAgentTag && (
            <Chip size="small" variant="outlined" label={t('thread.humanAgentTag')} sx={{ height: 18, fontSize: 11 }} />
          )}
          {seen && (
            <Typography variant="caption" color="text.secondary" data-testid="message-seen">
              · {t('thread.seen')}
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
});
