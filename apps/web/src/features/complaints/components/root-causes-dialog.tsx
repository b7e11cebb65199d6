/**
 * The client's root causes, for owners (`manage Complaint`): the defaults every client
 * has, and the client's own, which owners add and remove. A removed root cause stays on the
 * complaints that carry it (docs/decisions/0026), which the dialog says.
 *
 * A new key is checked against the contract before it is sent (lower-case words joined by `_`);
 * that refusal and the server's (a default, one the client lacks) show under the field.
 */
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/errors.ts';
import { useChangeRootCause, useRootCauses } from '../api/root-causes.ts';
import { rootCauseLabel } from '../format.ts';

export function RootCausesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('complaints');
  const { t: appT } = useTranslation();
  const causes = useRootCauses();
  const change = useChangeRootCause();
  const [draft, setDraft] = useState('');
  const fieldError = change.isError && change.variables?.request === 'add' && change.error instanceof ApiError && change.error.field === 'body.rootCause' ? describeError(change.error, appT) : null;
  const otherError = change.isError && !fieldError ? describeError(change.error, appT) : null;

  const add = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ request: 'add', rootCause: draft.trim() }, { onSuccess: () => setDraft('') });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="root-causes-title" data-testid="root-causes-dialog">
      <DialogTitle id="root-causes-title" sx={{ pr: 6 }}>
        {t('rootCauses.title')}
        <IconButton onClick={onClose} aria-label={t('rootCauses.close')} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('rootCauses.help')}
        </Typography>
        {causes.isPending ? (
          <ListSkeleton rows={2} rowHeight={32} />
        ) : causes.isError ? (
          <Alert severity="error">{describeError(causes.error, appT)}</Alert>
        ) : (
          <>
            <Box>
              <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
                {t('rootCauses.defaults')}
              </Typography>
              <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, listStyle: 'none' }}>
                {causes.data.defaults.map((cause) => (
                  <li key={cause}>
                    <Chip size="small" label={rootCauseLabel(cause, t)} />
                  </li>
                ))}
              </Box>
            </Box>
            <Box>
              <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
                {t('rootCauses.custom')}
              </Typography>
              {causes.data.custom.length === 0 ? (
                <Typography variant="body2" color="text.secondary" data-testid="root-causes-none">
                  {t('rootCauses.none')}
                </Typography>
              ) : (
                <Box component="ul" data-testid="root-causes-custom" sx={{ p: 0, m: 0, listStyle: 'none' }}>
                  {causes.data.custom.map((cause) => (
                    <Box component="li" key={cause} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Typography variant="body2" sx={{ flexGrow: 1 }}>
                        {rootCauseLabel(cause, t)}{' '}
                        <Typography component="span" variant="caption" color="text.secondary">
                          ({cause})
                        </Typography>
                      </Typography>
                      <IconButton
                        size="small"
                        aria-label={t('rootCauses.remove', { cause: rootCauseLabel(cause, t) })}
                        disabled={change.isPending}
                        onClick={() => change.mutate({ request: 'remove', rootCause: cause })}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
            <Box component="form" onSubmit={add} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label={t('rootCauses.new')}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                error={fieldError !== null}
                helperText={fieldError ?? t('rootCauses.format')}
                slotProps={{ htmlInput: { 'data-testid': 'root-cause-input', maxLength: 40 } }}
                sx={{ flexGrow: 1 }}
              />
              <Button type="submit" variant="contained" disabled={!draft.trim() || change.isPending} data-testid="root-cause-add">
                {t('rootCauses.add')}
              </Button>
            </Box>
            {otherError && (
              <Alert severity="error" role="alert">
                {otherError}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('rootCauses.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}

