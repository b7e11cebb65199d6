/**
 * Social inbox (/apps/reviews_and_complaints/inbox; docs/requirements/screen-contents.md#inbox;
 * docs/requirements/calls.md messenger and `{channel}` calls): Messenger and Instagram
 * conversations of the client's connected pages, laid out like Meta Business Suite / Chatwoot.
 * Left: channel, page and conversation list; right: the open thread and composer. On phones the
 * list and the thread are two screens.
 *
 * Channel, page and conversation are in the URL (hooks/use-inbox-params.ts). Server state is in
 * TanStack Query and kept live by the shared socket (realtime/).
 */
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { TChannel, TConversation, TInboxPage } from '@dinedesk/contracts';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useConversations } from '../api/get-conversations.ts';
import { useInstagramPages } from '../api/get-instagram-pages.ts';
import { useMessengerPages } from '../api/get-messenger-pages.ts';
import type { ConversationRef } from '../api/keys.ts';
import { useInboxParams } from '../hooks/use-inbox-params.ts';
import { useNow } from '../hooks/use-now.ts';
import { useInboxT } from '../inbox-t.ts';
import { useInboxRealtime } from '../realtime/use-inbox-realtime.ts';
import { ChannelToggle } from './channel-toggle.tsx';
import { ConversationList } from './conversation-list.tsx';
import { PageSelect } from './page-select.tsx';
import { SocketStatusChip } from './socket-status.tsx';
import { Thread } from './thread.tsx';

const LIST_WIDTH = 360;

/**
 * Height in px of a conversation row (avatar, name, snippet; measured in Chromium: 60), what the
 * placeholders stand for. Rows touch, placeholders have an 8 px gap: each placeholder is the row
 * less the gap, with half a gap above the first and below the last, so N placeholders are as
 * tall as N rows and the list's side padding (8 px) is the same.
 */
const CONVERSATION_ROW_HEIGHT = 60;
const LIST_SKELETON = { rows: 8, rowHeight: CONVERSATION_ROW_HEIGHT - 8, spacing: 1, sx: { px: 1, py: 0.5 } } as const;

const unreadTotal = (pages: readonly TInboxPage[] | undefined) => pages?.reduce((sum, p) => sum + p.unreadCount, 0);

export function InboxPage() {
  const { t } = useInboxT();
  const { t: appT } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const now = useNow();
  const { channel, pageId: pageParam, conversationId, setChannel, setPage, selectConversation } = useInboxParams();
  const realtime = useInboxRealtime();

  const messengerPages = useMessengerPages();
  const instagramPages = useInstagramPages();
  const pagesQuery = channel === 'instagram' ? instagramPages : messengerPages;
  const pages = useMemo(() => pagesQuery.data?.data ?? [], [pagesQuery.data]);
  const unread: Partial<Record<TChannel, number>> = {
    messenger: unreadTotal(messengerPages.data?.data),
    instagram: unreadTotal(instagramPages.data?.data),
  };

  // No page in the URL (or one this user cannot see): open the first, without a history entry.
  const page = pages.find((p) => p.id === pageParam);
  const firstPageId = pages[0]?.id;
  useEffect(() => {
    if (pagesQuery.isSuccess && !page && firstPageId) setPage(firstPageId, { replace: true });
  }, [pagesQuery.isSuccess, page, firstPageId, setPage]);
  const pageId = page?.id ?? null;

  const conversationsQuery = useConversations(channel, pageId);
  const conversations = useMemo<TConversation[]>(() => {
    const seen = new Set<string>();
    return (conversationsQuery.data?.pages ?? []).flatMap((p) =>
      p.data.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true))),
    );
  }, [conversationsQuery.data]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = conversationsQuery;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const refs = useMemo<ConversationRef | null>(
    () => (pageId && conversationId ? { channel, pageId, conversationId } : null),
    [channel, pageId, conversationId],
  );
  const listed = conversationId ? conversations.find((c) => c.id === conversationId) : undefined;
  const back = useCallback(() => selectConversation(null), [selectConversation]);

  const listContent = (
    <ListState
      query={pagesQuery}
      isEmpty={pages.length === 0}
      skeleton={{ ...LIST_SKELETON, label: t('loading') }}
      errorSx={{ m: 1.5 }}
      empty={
        <ListEmpty
          testId="inbox-no-pages"
          icon={<ForumOutlinedIcon />}
          title={t(channel === 'instagram' ? 'empty.noInstagramPages' : 'empty.noMessengerPages')}
          description={t('empty.noPagesHelp')}
        />
      }
    >
      <ListState
        query={conversationsQuery}
        isEmpty={conversations.length === 0}
        skeleton={{ ...LIST_SKELETON, label: t('loading') }}
        errorSx={{ m: 1.5 }}
        empty={<ListEmpty testId="inbox-no-conversations" icon={<ForumOutlinedIcon />} title={t('empty.noConversations')} />}
      >
        <ConversationList
          conversations={conversations}
          selectedId={conversationId}
          now={now}
          onSelect={selectConversation}
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          fetchNextPage={loadMore}
          nextPageError={conversationsQuery.isFetchNextPageError ? describeError(conversationsQuery.error, appT) : null}
        />
      </ListState>
    </ListState>
  );

  const listPane = (
    <Box
      component="nav"
      aria-label={t('conversations.paneLabel')}
      sx={{
        width: wide ? LIST_WIDTH : '100%',
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        borderRight: wide ? 1 : 0,
        borderColor: 'divider',
      }}
    >
      <Stack spacing={1.5} sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <ChannelToggle channel={channel} unread={unread} onChange={setChannel} />
        {pages.length > 0 && <PageSelect channel={channel} pages={pages} pageId={pageId} onChange={setPage} />}
        {page && !page.connected && (
          <Alert severity="warning" sx={{ py: 0 }}>
            {t('pages.notConnectedHelp')}
          </Alert>
        )}
        {page && page.connected && page.health.status !== 'ok' && (
          // The server's words name the cause (e.g. the 190 subcode) and when syncing resumes.
          <Alert severity="warning" sx={{ py: 0 }} data-testid="inbox-page-health">
            {page.health.message ?? t(page.health.status === 'rate_limited' ? 'pages.rateLimitedHelp' : 'pages.tokenDeadHelp')}
          </Alert>
        )}
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>{listContent}</Box>
    </Box>
  );

  const threadPane = refs ? (
    <Thread key={`${refs.channel}:${refs.pageId}:${refs.conversationId}`} refs={refs} listed={listed} page={page} now={now} onBack={wide ? undefined : back} />
  ) : (
    <ListEmpty testId="inbox-no-selection" icon={<ForumOutlinedIcon />} title={t('empty.noSelection')} description={t('empty.noSelectionHelp')} />
  );

  return (
    <Stack spacing={2} sx={{ height: { xs: 'calc(100dvh - 140px)', md: 'calc(100dvh - 150px)' }, minHeight: 480 }}>
      <PageHeader title={t('title')} subtitle={page ? `${page.name} · ${page.outletName}` : t('subtitle')}>
        <SocketStatusChip status={realtime.status} onRetry={realtime.reconnect} />
      </PageHeader>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, display: 'flex', overflow: 'hidden' }}>
        {wide ? (
          <>
            {listPane}
            <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>{threadPane}</Box>
          </>
        ) : refs ? (
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>{threadPane}</Box>
        ) : (
          listPane
        )}
      </Paper>
    </Stack>
  );
}

export default InboxPage;
