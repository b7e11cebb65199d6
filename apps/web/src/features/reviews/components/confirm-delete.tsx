/**
 * Delete after a confirmation, for the page's own replies (Facebook comments and Google's one
 * reply): "Delete" asks "Delete this reply …?" with Delete and Keep; the delete goes out only on
 * the second click, and the question closes when it has settled (success or a refusal, which the
 * caller shows).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteProps {
  /** The question, in the user's language. */
  question: string;
  /** Sends the delete; calls `settled` when it has an answer. */
  onDelete: (settled: () => void) => void;
  pending: boolean;
  /** `fb-reply-delete` or `google-reply-delete`; the confirming button is `${testId}-confirm`. */
  testId: string;
  /** Buttons on a coloured comment bubble take its colour (`inherit`); elsewhere they are red. */
  tone: 'inherit' | 'error';
}

export function ConfirmDelete({ question, onDelete, pending, testId, tone }: ConfirmDeleteProps) {
  const { t: tr } = useTranslation('reviews');
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button size="small" color={tone} startIcon={tone === 'error' ? <DeleteIcon /> : undefined} onClick={() => setConfirming(true)} data-testid={testId}>
        {tr('google.delete')}
      </Button>
    );
  }
  return (
    <>
      <Typography variant={tone === 'error' ? 'body2' : 'caption'}>{question}</Typography>
      <Button
        size="small"
        color={tone}
        variant={tone === 'error' ? 'contained' : 'outlined'}
        disabled={pending}
        onClick={() => onDelete(() => setConfirming(false))}
        data-testid={`${testId}-confirm`}
      >
        {tr('google.delete')}
      </Button>
      <Button size="small" color={tone === 'error' ? 'primary' : 'inherit'} onClick={() => setConfirming(false)}>
        {tr('google.keep')}
      </Button>
    </>
  );
}
