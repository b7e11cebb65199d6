/**
 * `/extensions/sweet-alert`: sweet-alert style dialogs on MUI Dialog — a message, success,
 * error, and a confirmation whose answer opens a second alert (deleted / kept).
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';
import { SweetAlertDialog, type SweetAlertKind } from '../components/sweet-alert-dialog.tsx';

type AlertId = 'info' | 'success' | 'error' | 'confirm' | 'deleted' | 'kept';

const KINDS: Record<AlertId, SweetAlertKind> = { info: 'info', success: 'success', error: 'error', confirm: 'warning', deleted: 'success', kept: 'info' };

/** The sweet-alert page (see the module comment). */
export default function SweetAlertPage() {
  const { t } = useTranslation('demo-extensions');
  const [open, setOpen] = useState<AlertId | null>(null);
  const [last, setLast] = useState<AlertId | null>(null);
  const shown = open ?? last ?? 'info';

  const close = () => setOpen(null);
  const show = (id: AlertId) => {
    setLast(id);
    setOpen(id);
  };

  return (
    <ShowcasePage target="sweetAlert" subtitle={t('sweetAlert.lead')} testId="extensions-sweet-alert">
      <DemoCard title={t('sweetAlert.typesTitle')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" color="info" onClick={() => show('info')}>
            {t('sweetAlert.buttons.info')}
          </Button>
          <Button variant="outlined" color="success" onClick={() => show('success')}>
            {t('sweetAlert.buttons.success')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => show('error')}>
            {t('sweetAlert.buttons.error')}
          </Button>
        </Stack>
      </DemoCard>
      <DemoCard title={t('sweetAlert.confirmTitle')}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Button variant="contained" color="warning" onClick={() => show('confirm')}>
            {t('sweetAlert.buttons.confirm')}
          </Button>
          <Typography role="status" data-testid="sweet-alert-outcome" color="text.secondary">
            {last === 'deleted' ? t('sweetAlert.outcome.deleted') : last === 'kept' ? t('sweetAlert.outcome.kept') : t('sweetAlert.outcome.none')}
          </Typography>
        </Stack>
      </DemoCard>
      <SweetAlertDialog
        open={open !== null}
        kind={KINDS[shown]}
        title={t(`sweetAlert.alerts.${shown}.title`)}
        text={t(`sweetAlert.alerts.${shown}.text`)}
        confirmLabel={shown === 'confirm' ? t('sweetAlert.yesDelete') : t('sweetAlert.ok')}
        cancelLabel={shown === 'confirm' ? t('sweetAlert.cancel') : undefined}
        onConfirm={() => (shown === 'confirm' ? show('deleted') : close())}
        onCancel={() => (shown === 'confirm' ? show('kept') : close())}
      />
    </ShowcasePage>
  );
}
