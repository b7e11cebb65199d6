/**
 * `/extensions/toastify`: toasts with notistack. The page has its own SnackbarProvider (the
 * product shell never loads notistack): one button per variant, a burst that stacks (at most
 * four on screen, the oldest leaves first), a toast with an Undo action, a persistent toast with
 * a close button, and "Dismiss all". Colours come from the theme palette, so dark works.
 */
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, useSnackbar, type SnackbarKey, type VariantType } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';

const VARIANTS: readonly VariantType[] = ['default', 'success', 'error', 'warning', 'info'];

/** notistack's toast body in the theme's colours (its own are fixed and ignore dark). */
const ThemedToast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-default': { backgroundColor: theme.palette.grey[800], color: theme.palette.common.white },
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main, color: theme.palette.success.contrastText },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main, color: theme.palette.error.contrastText },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main, color: theme.palette.warning.contrastText },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main, color: theme.palette.info.contrastText },
}));

const TOAST_COMPONENTS = { default: ThemedToast, success: ThemedToast, error: ThemedToast, warning: ThemedToast, info: ThemedToast };

function ToastDemos() {
  const { t } = useTranslation('demo-extensions');
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const [undone, setUndone] = useState(0);

  const closeButton = (key: SnackbarKey) => (
    <IconButton size="small" color="inherit" aria-label={t('toasts.close')} onClick={() => closeSnackbar(key)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );

  return (
    <>
      <DemoCard title={t('toasts.variantsTitle')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {VARIANTS.map((variant) => (
            <Button
              key={variant}
              variant="outlined"
              color={variant === 'default' ? 'inherit' : variant}
              onClick={() => enqueueSnackbar(t(`toasts.messages.${variant}`), { variant, action: closeButton })}
            >
              {t(`toasts.variants.${variant}`)}
            </Button>
          ))}
        </Stack>
      </DemoCard>
      <DemoCard title={t('toasts.moreTitle')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => {
              for (const n of [1, 2, 3]) enqueueSnackbar(t('toasts.messages.stacked', { n }), { variant: 'info' });
            }}
          >
            {t('toasts.stack')}
          </Button>
          <Button
            variant="outlined"
            onClick={() =>
              enqueueSnackbar(t('toasts.messages.archived'), {
                action: (key) => (
                  <Button
                    size="small"
                    color="inherit"
                    onClick={() => {
                      setUndone((n) => n + 1);
                      closeSnackbar(key);
                    }}
                  >
                    {t('toasts.undo')}
                  </Button>
                ),
              })
            }
          >
            {t('toasts.withAction')}
          </Button>
          <Button variant="outlined" onClick={() => enqueueSnackbar(t('toasts.messages.persistent'), { variant: 'warning', persist: true, action: closeButton })}>
            {t('toasts.persistent')}
          </Button>
          <Button color="error" onClick={() => closeSnackbar()}>
            {t('toasts.dismissAll')}
          </Button>
          <Typography role="status" color="text.secondary" data-testid="toasts-undone">
            {t('toasts.undone', { count: undone })}
          </Typography>
        </Stack>
      </DemoCard>
    </>
  );
}

/** The toasts page (see the module comment). */
export default function ToastifyPage() {
  const { t } = useTranslation('demo-extensions');
  return (
    <ShowcasePage target="toasts" subtitle={t('toasts.lead')} testId="extensions-toastify">
      <SnackbarProvider maxSnack={4} autoHideDuration={5000} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} Components={TOAST_COMPONENTS}>
        <ToastDemos />
      </SnackbarProvider>
    </ShowcasePage>
  );
}
