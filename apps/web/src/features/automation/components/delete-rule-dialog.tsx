/**
 * "Delete “name”?": the confirmation before a rule goes (owners). The rule stops at once; its
 * history stays under its name (docs/decisions/0028). A refusal is shown in the dialog.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TAutomationRule } from '@dinedesk/contracts/automation';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors.ts';
import { useDeleteRule } from '../api/delete-rule.ts';

export function DeleteRuleDialog({ rule, onClose }: { rule: TAutomationRule; onClose: () => void }) {
  const { t } = useTranslation('automation');
  const { t: appT } = useTranslation();
  const remove = useDeleteRule();
  return (
    <Dialog open onClose={onClose} aria-labelledby="automation-delete-title" aria-describedby="automation-delete-body" data-testid="automation-delete-dialog">
      <DialogTitle id="automation-delete-title">{t('deleteDialog.title', { name: rule.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="automation-delete-body">{t('deleteDialog.body')}</DialogContentText>
        {remove.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {describeError(remove.error, appT)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('deleteDialog.cancel')}
        </Button>
        <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => remove.mutate(rule.id, { onSuccess: onClose })} data-testid="automation-delete-confirm">
          {remove.isPending ? t('deleteDialog.deleting') : t('deleteDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
