/**
 * "Reply templates" in the Reviews header, for roles with `manage ReplyTemplate`
 * (owners, brand managers): opens the templates dialog. The dialog (MUI Dialog, TextField) is a
 * chunk of its own, fetched when the button is pointed at or clicked, so the screen's first
 * paint carries only this button (docs/requirements/quality-goals.md ≤ 250 KiB gzip; kept small on
 * purpose: no close transition, the dialog unmounts on close).
 */
import { useAbility } from '@casl/react';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithPreload } from '../../../components/lazy-with-preload.tsx';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';

const dialog = lazyWithPreload(() => import('./reply-templates-dialog.tsx'));

export function ReplyTemplatesButton() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const [open, setOpen] = useState(false);
  if (!ability.can('manage', SUBJECTS.replyTemplate)) return null;
  return (
    <>
      <Button onPointerEnter={dialog.preload} onClick={() => setOpen(true)} data-testid="reply-templates-manage">
        {t('reviews.templates.manage')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <dialog.Component onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
