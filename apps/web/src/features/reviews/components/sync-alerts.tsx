/**
 * Why reviews may be stale: one warning per page whose last sync did not succeed (status
 * other than `ok` / `never`), with the server's plain-words `sync.message`. Example: Graph
 * error 12, Facebook no longer serving reviews on newer API versions (external-apis.md §2);
 * the stored reviews are still listed.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import type { TFbPage } from '@dinedesk/contracts';
import { useTranslation } from 'react-i18next';

/** Pages whose sync state needs the owner's attention. */
export function pagesNeedingAttention(pages: readonly TFbPage[]): TFbPage[] {
  return pages.filter((page) => page.sync.status !== 'ok' && page.sync.status !== 'never');
}

export function SyncAlerts({ pages }: { pages: readonly TFbPage[] }) {
  const { t } = useTranslation();
  const flagged = pagesNeedingAttention(pages);
  if (flagged.length === 0) return null;
  return (
    <Stack spacing={1}>
      {flagged.map((page) => (
        <Alert key={page.id} severity="warning" data-testid="sync-alert">
          <AlertTitle>{page.outletName}</AlertTitle>
          {page.sync.message ?? t(`reviews.sync.status.${page.sync.status}`)}
        </Alert>
      ))}
    </Stack>
  );
}
