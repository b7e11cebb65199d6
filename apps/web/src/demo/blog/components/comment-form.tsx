/**
 * "Leave a comment" under a post (react-hook-form with the zod resolver): name, email, an
 * optional website and the comment, checked as typed after the first submit. Posting stores
 * the comment through the comment call and clears the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAddComment } from '../api/add-comment.ts';

/** Error keys (`demo-blog:errors.*`) as the schema's messages. */
const ZCommentForm = z.object({
  userFullName: z.string().trim().min(1, 'required').max(80, 'tooLong'),
  email: z.string().trim().min(1, 'required').pipe(z.email('email')),
  website: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'website' })]),
  commentText: z.string().trim().min(1, 'required').max(1000, 'tooLong'),
});
type CommentFormValues = z.infer<typeof ZCommentForm>;

const EMPTY: CommentFormValues = { userFullName: '', email: '', website: '', commentText: '' };
const ERROR_KEYS = ['required', 'tooLong', 'email', 'website'] as const;

export interface CommentFormProps {
  blogId: number;
  /** Called once the comment is stored. */
  onPosted: () => void;
}

export function CommentForm({ blogId, onPosted }: CommentFormProps) {
  const { t } = useTranslation('demo-blog');
  const add = useAddComment();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CommentFormValues>({ resolver: zodResolver(ZCommentForm), defaultValues: EMPTY, mode: 'onTouched' });
  const errorText = (message: string | undefined) => {
    const key = ERROR_KEYS.find((candidate) => candidate === message);
    return key ? t(`errors.${key}`) : undefined;
  };

  const submit = handleSubmit((values) =>
    add.mutate(
      { blogId, userFullName: values.userFullName.trim(), email: values.email.trim(), website: values.website.trim(), commentText: values.commentText.trim() },
      {
        onSuccess: () => {
          reset(EMPTY);
          onPosted();
        },
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="blog-comment-form-heading" data-testid="blog-comment-form">
      <Typography id="blog-comment-form-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('detail.leaveComment')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('detail.name')}
          required
          {...register('userFullName')}
          error={Boolean(errors.userFullName)}
          helperText={errorText(errors.userFullName?.message)}
          slotProps={{ htmlInput: { 'data-testid': 'blog-comment-name' } }}
        />
        <TextField
          label={t('detail.email')}
          type="email"
          required
          {...register('email')}
          error={Boolean(errors.email)}
          helperText={errorText(errors.email?.message)}
          slotProps={{ htmlInput: { 'data-testid': 'blog-comment-email' } }}
        />
        <TextField
          label={t('detail.website')}
          type="url"
          {...register('website')}
          error={Boolean(errors.website)}
          helperText={errorText(errors.website?.message)}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <TextField
          label={t('detail.comment')}
          required
          multiline
          minRows={4}
          {...register('commentText')}
          error={Boolean(errors.commentText)}
          helperText={errorText(errors.commentText?.message)}
          sx={{ gridColumn: { sm: '1 / -1' } }}
          slotProps={{ htmlInput: { 'data-testid': 'blog-comment-text' } }}
        />
      </Box>
      {add.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('detail.commentFailed')}
        </Alert>
      )}
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={add.isPending} data-testid="blog-comment-submit">
        {t('detail.postComment')}
      </Button>
    </Box>
  );
}
