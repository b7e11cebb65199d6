/**
 * The Social tab (docs/requirements/data.md `social`): the six profile links (http(s) URLs or
 * empty; Save sends `{social}` with them) and the four connected accounts, each connected (its
 * account id and picture, Disconnect) or not (Connect links the account under the general
 * username). Connect and Disconnect save at once.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SOCIAL_CONNECTIONS, SOCIAL_LINKS, type TAccountGeneral, type TAccountSocial, type TSocialConnection } from '../schema.ts';
import { linksFromForm, ZSocialLinksForm, type SocialLinksForm } from './account-forms.ts';
import { AccountTextField } from './account-text-field.tsx';
import { FormActions } from './general-tab.tsx';
import type { SaveSection } from './save-section.ts';

/** Names of the networks: brand names, written the same in every language. */
const NETWORK_NAMES: Record<(typeof SOCIAL_LINKS)[number] | TSocialConnection, string> = {
  twitter: 'Twitter',
  facebook: 'Facebook',
  google: 'Google',
  linkedIn: 'LinkedIn',
  instagram: 'Instagram',
  quora: 'Quora',
  github: 'GitHub',
};

/** The Social tab over the saved `social` section. */
export function SocialTab({ social, general, save }: { social: TAccountSocial; general: TAccountGeneral; save: SaveSection }) {
  const { t } = useTranslation('demo-account');
  const [busy, setBusy] = useState<TSocialConnection | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<SocialLinksForm>({ resolver: zodResolver(ZSocialLinksForm), defaultValues: social.socialLinks });

  const submit = handleSubmit(async (values) => {
    const saved = await save({ social: { ...social, socialLinks: linksFromForm(values) } });
    if (saved) reset(saved.social.socialLinks);
  });

  const toggle = async (network: TSocialConnection) => {
    setBusy(network);
    const connection = social.connections[network] ? null : { id: general.username, profileImg: general.avatar };
    await save({ social: { ...social, connections: { ...social.connections, [network]: connection } } });
    setBusy(null);
  };

  return (
    <Box data-testid="account-social">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="account-social-links">
        <Typography id="account-social-links" component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('social.links')}
        </Typography>
        <Grid container spacing={2.5}>
          {SOCIAL_LINKS.map((network) => (
            <Grid key={network} size={{ xs: 12, md: 6 }}>
              <AccountTextField
                label={NETWORK_NAMES[network]}
                type="url"
                placeholder={t('social.linkPlaceholder')}
                registration={register(network)}
                fieldError={formState.errors[network]}
                testId={`account-link-${network}`}
              />
            </Grid>
          ))}
        </Grid>
        <FormActions dirty={formState.isDirty} pending={formState.isSubmitting} onReset={() => reset(social.socialLinks)} testId="account-social-save" />
      </Box>
      <Divider sx={{ my: 3 }} />
      <Typography component="h2" variant="h6">
        {t('social.connections')}
      </Typography>
      <List aria-label={t('social.connections')}>
        {SOCIAL_CONNECTIONS.map((network) => {
          const connection = social.connections[network];
          return (
            <ListItem
              key={network}
              disableGutters
              data-testid={`account-connection-${network}`}
              secondaryAction={
                <Button
                  variant={connection ? 'outlined' : 'contained'}
                  color={connection ? 'error' : 'primary'}
                  size="small"
                  disabled={busy !== null}
                  onClick={() => void toggle(network)}
                  aria-label={t(connection ? 'social.disconnectNamed' : 'social.connectNamed', { network: NETWORK_NAMES[network] })}
                >
                  {t(connection ? 'social.disconnect' : 'social.connect')}
                </Button>
              }
            >
              <ListItemAvatar>
                <Avatar src={connection?.profileImg || undefined} alt="">
                  {NETWORK_NAMES[network].slice(0, 1)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText primary={NETWORK_NAMES[network]} secondary={connection ? `@${connection.id}` : t('social.notConnected')} />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
