/**
 * The invitation URL to pass on (there is no mail server, docs/decisions/0009): shown with a
 * copy button, absolute on this host.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { TInvitation } from '@dinedesk/contracts';
import { useTranslation } from 'react-i18next';

export function InvitationLink({ invitation, email }: { invitation: TInvitation; email: string }) {
  const { t: tt } = useTranslation('tenancy');
  const url = `${window.location.origin}${invitation.url}`;
  return (
    <Alert
      severity="success"
      data-testid="invitation-link"
      action={
        <IconButton aria-label={tt('copyLink')} onClick={() => void navigator.clipboard?.writeText(url)}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      }
    >
      <Typography variant="body2">{tt('invitationFor', { email, date: new Date(invitation.expiresAt).toLocaleDateString() })}</Typography>
      <Typography variant="body2" component="code" sx={{ wordBreak: 'break-all' }}>
        {url}
      </Typography>
    </Alert>
  );
}
