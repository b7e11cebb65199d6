/**
 * One message of the thread: a bubble on the left for the guest, on the right for the page;
 * each kind of attachment Meta sends shown as such (see {@link Attachment}); a postback as the
 * guest's tap on the button; an unsent message as removed; the time, who sent it from DineDesk,
 * the HUMAN_AGENT tag and, on page messages, sent / delivered / seen ticks; reactions under the
 * bubble; the react button on guest messages.
 */
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import TouchAppIcon from '@mui/icons-material/TouchApp';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TAttachment, TInboxMessage } from '@dinedesk/contracts';
import { memo } from 'react';
import { formatFullTime, formatMessageTime } from '../format.ts';
import { useInboxT } from '../inbox-t.ts';
import { srOnly } from '../../../components/sr-only.ts';
import { ReactionPicker } from './reaction-picker.tsx';

const linkSx = { display: 'block', color: 'inherit' } as const;

/** A link to something outside the thread, with the title Meta sent (or the kind, in words). */
function LinkCard({ url, title, kind }: { url: string | null; title: string | null | undefined; kind: string }) {
  const body = (
    <>
      <Typography component="span" variant="caption" sx={{ display: 'block', opacity: 0.8 }}>
        {kind}
      </Typography>
      {title && (
        <Typography component="span" sx={{ display: 'block', fontWeight: 500, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      )}
    </>
  );
  return url ? (
    <Link href={url} target="_blank" rel="noopener noreferrer" sx={linkSx}>
      {body}
    </Link>
  ) : (
    <Box>{body}</Box>
  );
}

/**
 * One attachment, by kind (docs/decisions/0013-meta-payloads.md): images inline,
 * other media and links as links, templates with their title and buttons, locations with a map
 * link, anything else as "unsupported attachment".
 */
export function Attachment({ attachment, onMediaLoad }: { attachment: TAttachment; onMediaLoad: () => void }) {
  const { t } = useInboxT();
  switch (attachment.type) {
    case 'image':
      return (
        <Link href={attachment.url} target="_blank" rel="noopener noreferrer" sx={{ display: 'block' }} data-testid="attachment" data-type="image">
          <Box
            component="img"
            src={attachment.url}
            alt={attachment.stickerId ? t('attachment.sticker') : t('attachment.imageAlt')}
            loading="lazy"
            onLoad={onMediaLoad}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 280, borderRadius: 1.5, objectFit: 'contain' }}
          />
        </Link>
      );
    case 'video':
    case 'audio':
    case 'file':
      return (
        <Link href={attachment.url} target="_blank" rel="noopener noreferrer" sx={linkSx} data-testid="attachment" data-type={attachment.type}>
          {t(`attachment.${attachment.type}`)}
        </Link>
      );
    case 'fallback':
    case 'share':
    case 'story_mention':
    case 'reel':
    case 'ig_reel':
      return (
        <Box data-testid="attachment" data-type={attachment.type}>
          <LinkCard url={attachment.url} title={attachment.title} kind={t(`attachment.${attachment.type}`)} />
        </Box>
      );
    case 'template':
      return (
        <Box data-testid="attachment" data-type="template" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {attachment.imageUrl && (
            <Box component="img" src={attachment.imageUrl} alt="" loading="lazy" onLoad={onMediaLoad} sx={{ display: 'block', maxWidth: '100%', maxHeight: 200, borderRadius: 1.5 }} />
          )}
          <LinkCard url={attachment.url ?? null} title={attachment.title} kind={t('attachment.template')} />
          {attachment.subtitle && <Typography variant="body2">{attachment.subtitle}</Typography>}
          {attachment.buttons.length > 0 && (
            <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
              {attachment.buttons.map((title, index) => (
                <li key={`${title}-${index}`}>
                  <Chip size="small" variant="outlined" label={title} sx={{ color: 'inherit', borderColor: 'currentColor' }} />
                </li>
              ))}
            </Box>
          )}
        </Box>
      );
    case 'location': {
      const map = `https://www.openstreetmap.org/?mlat=${attachment.lat}&mlon=${attachment.long}#map=17/${attachment.lat}/${attachment.long}`;
      return (
        <Link href={map} target="_blank" rel="noopener noreferrer" sx={linkSx} data-testid="attachment" data-type="location" title={t('attachment.openMap')}>
          <Typography component="span" variant="caption" sx={{ display: 'block', opacity: 0.8 }}>
            {t('attachment.location')}
          </Typography>
          <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
            {attachment.title ?? `${attachment.lat.toFixed(5)}, ${attachment.long.toFixed(5)}`}
          </Typography>
        </Link>
      );
    }
    default:
      return (
        <Typography data-testid="attachment" data-type="unsupported" title={t('attachment.unsupportedHelp')} sx={{ fontStyle: 'italic', opacity: 0.85 }}>
          {t('attachment.unsupported')}
        </Typography>
      );
  }
}

/** Where a page message is on its way to the guest (Messenger delivery and read watermarks). */
export type DeliveryStatus = 'sent' | 'delivered' | 'read';

export interface MessageItemProps {
  message: TInboxMessage;
  now: number;
  /** The page may react (create Message) and the page is connected. */
  canReact: boolean;
  reacting: boolean;
  /** Shown under the page's last message once the guest has read it. */
  seen: boolean;
  /** Page messages: sent, delivered or read by the guest (from the watermarks); null for guest messages. */
  status?: DeliveryStatus | null;
  onReact: (message: TInboxMessage, reaction: string | null) => void;
  onMediaLoad: () => void;
}

export const MessageItem = memo(function MessageItem({ message, now, canReact, reacting, seen, status = null, onReact, onMediaLoad }: MessageItemProps) {
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
            {message.deleted ? (
              <Typography data-testid="message-unsent" sx={{ fontStyle: 'italic', opacity: 0.85 }}>
                {t('thread.unsent')}
              </Typography>
            ) : message.postback ? (
              <Box data-testid="message-postback" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                <TouchAppIcon fontSize="small" aria-hidden />
                <Typography sx={{ overflowWrap: 'anywhere' }}>{t('thread.postback', { title: message.postback.title })}</Typography>
              </Box>
            ) : (
              <>
                {message.attachments.map((attachment, index) => (
                  <Attachment key={`${attachment.type}-${index}`} attachment={attachment} onMediaLoad={onMediaLoad} />
                ))}
                {message.text && (
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Typography>
                )}
              </>
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
          {fromPage && status && (
            <Box
              component="span"
              data-testid="message-status"
              data-status={status}
              title={t(`thread.status.${status}`)}
              sx={{ display: 'inline-flex', color: status === 'read' ? 'primary.main' : 'text.secondary' }}
            >
              {status === 'sent' ? <DoneIcon sx={{ fontSize: 14 }} aria-hidden /> : <DoneAllIcon sx={{ fontSize: 14 }} aria-hidden />}
              <Box component="span" sx={srOnly}>
                {t(`thread.status.${status}`)}
              </Box>
            </Box>
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
