/**
 * The Approval queue tab: drafts of the outlets the user sees, by status (pending by
 * default; the filter is in the URL as `?status=`), newest first, keyset paged. Loading, empty
 * and error states come from components/list-state.tsx. Owners decide; others read.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTOMATION_DRAFT_STATUSES, type TAutomationDraft } from '@dinedesk/contracts/automation';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { NativeSelectField } from '../../../components/outlined-field.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useDrafts } from '../api/get-drafts.ts';
import type { DraftStatus } from '../api/keys.ts';
import { DraftCard } from './draft-card.tsx';
import { LoadMore } from './load-more.tsx';

/** Height in px of a draft card (review, text field, buttons), what the loading rows stand for. */
const ROW_HEIGHT = 260;

export interface DraftsTabProps {
  mayManage: boolean;
  status: DraftStatus;
  onStatusChange: (status: DraftStatus) => void;
}

export function DraftsTab({ mayManage, status, onStatusChange }: DraftsTabProps) {
  const { t } = useTranslation('automation');
  const { t: appT } = useTranslation();
  const query = useDrafts(status);
  const drafts = useMemo<TAutomationDraft[]>(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <NativeSelectField id="automation-draft-status" label={t('drafts.statusFilter')} value={status} onChange={(event) => onStatusChange(event.target.value as DraftStatus)} htmlSelect={{ 'data-testid': 'automation-draft-status' }}>
          {AUTOMATION_DRAFT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`drafts.status.${s}`)}
            </option>
          ))}
        </NativeSelectField>
        {!mayManage && (
          <Typography variant="body2" color="text.secondary">
            {t('drafts.readOnly')}
          </Typography>
        )}
      </Stack>
      <ListState
        query={query}
        isEmpty={drafts.length === 0}
        skeleton={{ rows: 2, rowHeight: ROW_HEIGHT }}
        empty={<ListEmpty testId="automation-drafts-empty" title={t(`drafts.empty.${status}`)} description={t('drafts.empty.description')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} />}
      >
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={t('drafts.label')} data-testid="automation-drafts">
          {drafts.map((draft) => (
            <DraftCard key={draft.id} draft={draft} mayManage={mayManage} />
          ))}
        </Stack>
        <LoadMore
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          fetchNextPage={loadMore}
          error={query.isFetchNextPageError ? describeError(query.error, appT) : null}
          labels={{ more: t('drafts.loadMore'), loading: t('drafts.loading'), end: t('drafts.end') }}
          testId="automation-drafts-load-more"
        />
      </ListState>
    </Stack>
  );
}
