/**
 * The chat demo app (`/apps/chat`; docs/requirements/routes.md and data.md chat entities,
 * docs/requirements/states.md and calls.md): a full-height messenger laid out like the template's.
 * Left: the profile user (profile drawer with status and settings), a name search, the "Chats" and
 * "Contacts" lists (a drawer under the md breakpoint). Right: the open conversation (`?id=<contact
 * id>` in the URL) with grouped bubbles and the composer, or a start screen. All data comes from
 * the demo mock calls (api/), kept for the browser session.
 */
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListEmpty } from '../../components/list-state.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DemoAppFrame } from '../components/demo-app-frame.tsx';
import { useChatsAndContacts } from './api/get-chats-and-contacts.ts';
import { useProfileUser } from './api/get-profile-user.ts';
import { ChatSidebar } from './components/chat-sidebar.tsx';
import { ContactDrawer } from './components/contact-drawer.tsx';
import { Conversation } from './components/conversation.tsx';
import { ProfileDrawer } from './components/profile-drawer.tsx';
import type { TChatContact } from './schema.ts';

const SIDEBAR_WIDTH = 340;

/** `/apps/chat`: the messenger; the open chat is `?id=<contact id>`. */
export default function ChatApp() {
  const { t } = useTranslation('demo-chat');
  useDocumentTitle(t('title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const rawId = Number(searchParams.get('id'));
  const activeId = Number.isInteger(rawId) && rawId > 0 ? rawId : null;
  const list = useChatsAndContacts();
  const profileQuery = useProfileUser();
  const profile = profileQuery.data ?? list.data?.profileUser;
  const [search, setSearch] = useState('');
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [contact, setContact] = useState<TChatContact | null>(null);
  const [toast, setToast] = useState<{ key: number; message: string } | null>(null);

  const select = (contactId: number) => {
    setSidebarOpen(false);
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('id', String(contactId));
      return next;
    });
  };

  const sidebar = (
    <ChatSidebar
      query={list}
      activeId={activeId}
      search={search}
      onSearch={setSearch}
      onSelect={select}
      onOpenProfile={() => {
        setSidebarOpen(false);
        setProfileOpen(true);
      }}
    />
  );

  return (
    <>
      <DemoAppFrame
        title={t('title')}
        sidebarLabel={t('sidebar.label')}
        sidebar={sidebar}
        sidebarWidth={SIDEBAR_WIDTH}
        wide={wide}
        sidebarOpen={sidebarOpen}
        onCloseSidebar={() => setSidebarOpen(false)}
        mainLabel={t('conversation.label')}
        mainSx={{ bgcolor: 'background.default' }}
        testId="chat-app"
      >
        {activeId && profile ? (
          <Conversation key={activeId} contactId={activeId} profile={profile} onOpenContact={setContact} onMenu={wide ? undefined : () => setSidebarOpen(true)} />
        ) : (
          <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
            {!wide && (
              <Box sx={{ p: 1 }}>
                <IconButton aria-label={t('sidebar.open')} onClick={() => setSidebarOpen(true)}>
                  <MenuIcon />
                </IconButton>
              </Box>
            )}
            <ListEmpty
              testId="chat-start"
              icon={<ForumOutlinedIcon />}
              title={t('start.title')}
              description={t('start.help')}
              action={
                !wide ? (
                  <Button variant="contained" onClick={() => setSidebarOpen(true)}>
                    {t('start.action')}
                  </Button>
                ) : undefined
              }
            />
          </Box>
        )}
      </DemoAppFrame>
      <ProfileDrawer open={profileOpen} profile={profile} onClose={() => setProfileOpen(false)} notify={(message) => setToast({ key: Date.now(), message })} />
      <ContactDrawer contact={contact} onClose={() => setContact(null)} />
      <Snackbar
        key={toast?.key}
        open={toast !== null}
        autoHideDuration={4000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setToast(null);
        }}
        message={toast?.message}
      />
    </>
  );
}
