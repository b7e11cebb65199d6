/**
 * The chat app's left column (docs/requirements/calls.md chats-and-contacts): the profile user's
 * avatar (opens the profile drawer), a search over names, the "Chats" list (last message, time,
 * unseen badge) and the "Contacts" list of people without a chat yet. Entries are buttons: Tab
 * reaches them, Enter or Space opens the chat.
 */
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState, type ListQueryState } from '../../../components/list-state.tsx';
import type { TChatContact, TChatListContact, TChatsAndContactsResponse } from '../schema.ts';
import { formatChatTime, matchesName } from './chat-format.ts';
import { StatusAvatar } from './status-avatar.tsx';

export interface ChatSidebarProps {
  query: ListQueryState & { data: TChatsAndContactsResponse | undefined };
  activeId: number | null;
  search: string;
  onSearch: (search: string) => void;
  onSelect: (contactId: number) => void;
  onOpenProfile: () => void;
}

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} component="h2" variant="subtitle1" sx={{ px: 2.5, pt: 2, pb: 1, color: 'primary.main', fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

function ChatRow({ contact, active, onSelect }: { contact: TChatListContact; active: boolean; onSelect: () => void }) {
  const { t, i18n } = useTranslation('demo-chat');
  const last = contact.chat.lastMessage;
  const unseen = contact.chat.unseenMsgs;
  return (
    <ListItem disablePadding>
      <ListItemButton selected={active} aria-current={active ? 'true' : undefined} onClick={onSelect} sx={{ mx: 1, borderRadius: 1.5, gap: 1.5, alignItems: 'center' }} data-testid="chat-item" data-contact-id={contact.id}>
        <StatusAvatar name={contact.fullName} avatar={contact.avatar} status={contact.status} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {contact.fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ fontWeight: unseen > 0 ? 600 : 400 }}>
            {last?.message ?? ''}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, flexShrink: 0 }}>
          {last && (
            <Typography variant="caption" color="text.secondary">
              <time dateTime={last.time}>{formatChatTime(last.time, i18n.language)}</time>
            </Typography>
          )}
          {unseen > 0 && (
            <Chip size="small" color="error" label={unseen} aria-label={t('sidebar.unseen', { count: unseen })} sx={{ height: 20, minWidth: 20, fontWeight: 600 }} data-testid="chat-unseen" />
          )}
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

function ContactRow({ contact, active, onSelect }: { contact: TChatContact; active: boolean; onSelect: () => void }) {
  return (
    <ListItem disablePadding>
      <ListItemButton selected={active} aria-current={active ? 'true' : undefined} onClick={onSelect} sx={{ mx: 1, borderRadius: 1.5, gap: 1.5 }} data-testid="chat-contact-item" data-contact-id={contact.id}>
        <StatusAvatar name={contact.fullName} avatar={contact.avatar} status={contact.status} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {contact.fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {contact.about}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

export function ChatSidebar({ query, activeId, search, onSearch, onSelect, onOpenProfile }: ChatSidebarProps) {
  const { t } = useTranslation('demo-chat');
  const data = query.data;
  const chats = (data?.chatsContacts ?? []).filter((contact) => matchesName(contact.fullName, search));
  const contacts = (data?.contacts ?? []).filter((contact) => matchesName(contact.fullName, search));
  const profile = data?.profileUser;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', minHeight: 64 }}>
        {profile && (
          <ButtonBase onClick={onOpenProfile} aria-label={t('profile.open')} aria-haspopup="dialog" sx={{ borderRadius: '50%' }} data-testid="chat-profile-open">
            <StatusAvatar name={profile.fullName} avatar={profile.avatar} status={profile.status} size={38} />
          </ButtonBase>
        )}
        <TextField
          fullWidth
          size="small"
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={t('sidebar.search')}
          slotProps={{
            htmlInput: { 'aria-label': t('sidebar.search'), 'data-testid': 'chat-search' },
            input: {
              sx: { borderRadius: 5 },
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', pb: 2 }}>
        <ListState
          query={query}
          isEmpty={!data}
          skeleton={{ rows: 7, rowHeight: 52, spacing: 1, sx: { p: 2 }, label: t('sidebar.loading') }}
          errorSx={{ m: 2 }}
          empty={null}
        >
          <Heading id="chat-chats-heading">{t('sidebar.chats')}</Heading>
          {chats.length > 0 ? (
            <List dense disablePadding aria-labelledby="chat-chats-heading" data-testid="chat-list">
              {chats.map((contact) => (
                <ChatRow key={contact.id} contact={contact} active={contact.id === activeId} onSelect={() => onSelect(contact.id)} />
              ))}
            </List>
          ) : (
            <ListEmpty icon={<ChatBubbleOutlineIcon />} title={t('sidebar.noChats')} sx={{ p: 2 }} />
          )}
          <Heading id="chat-contacts-heading">{t('sidebar.contacts')}</Heading>
          {contacts.length > 0 ? (
            <List dense disablePadding aria-labelledby="chat-contacts-heading" data-testid="chat-contact-list">
              {contacts.map((contact) => (
                <ContactRow key={contact.id} contact={contact} active={contact.id === activeId} onSelect={() => onSelect(contact.id)} />
              ))}
            </List>
          ) : (
            <ListEmpty title={t('sidebar.noContacts')} sx={{ p: 2 }} />
          )}
        </ListState>
      </Box>
    </Box>
  );
}
