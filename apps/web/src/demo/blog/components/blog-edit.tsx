/**
 * The post editor (`/pages/blog/edit/:id`; docs/requirements/data.md#edit and calls.md `GET
 * /blog/list/data/edit`): the author and date, then title, categories, slug, status, excerpt and
 * the featured image (picked from a file, previewed, removable), in a react-hook-form form with the
 * zod resolver. Save sends the extra save call (docs/decisions/0033) and opens the post; Cancel
 * goes back to it unchanged.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DemoRequestError } from '../../mock/demo-fetch.ts';
import { useEdit } from '../api/get-edit.ts';
import { useSavePost } from '../api/save-post.ts';
import { BLOG_BASE, BLOG_CATEGORIES, BLOG_STATUSES, type TBlogEdit } from '../schema.ts';
import { CATEGORY_CHIP_COLORS, formatDate, initialsOf } from './blog-format.tsx';
import { BlogLoadProblem, usePostIdParam } from './blog-load-problem.tsx';
import { editErrorKey, formFromEdit, imageFileProblem, readAsDataUrl, saveRequestOf, slugFromTitle, ZEditForm, type EditFormValues } from './edit-form.ts';

function EditForm({ edit }: { edit: TBlogEdit }) {
  const { t, i18n } = useTranslation('demo-blog');
  const navigate = useNavigate();
  const save = useSavePost();
  const fileInput = useRef<HTMLInputElement>(null);
  const imageHintId = useId();
  const [imageProblem, setImageProblem] = useState<'imageType' | 'imageSize' | 'imageRead' | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<EditFormValues>({ resolver: zodResolver(ZEditForm), defaultValues: formFromEdit(edit), mode: 'onTouched' });
  const featuredImage = watch('featuredImage');
  const errorText = (message: string | undefined) => {
    const key = editErrorKey(message);
    return key ? t(`errors.${key}`) : undefined;
  };

  const pickImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    setImageProblem(problem);
    if (problem) return;
    try {
      setValue('featuredImage', await readAsDataUrl(file), { shouldDirty: true, shouldValidate: true });
    } catch {
      setImageProblem('imageRead');
    }
  };

  const submit = handleSubmit((values) =>
    save.mutate(saveRequestOf(edit.id, values), { onSuccess: (saved) => void navigate(`${BLOG_BASE}/detail/${saved.id}`, { state: { saved: true } }) }),
  );
  // The form checks every field as the mock does, so a 400 after it passed is the one rule the
  // browser cannot check: the slug is taken by another post.
  const saveError = save.error instanceof DemoRequestError && save.error.status === 400 ? t('edit.slugTaken') : save.isError ? t('edit.saveFailed') : null;

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
          <Avatar src={edit.avatar || undefined} alt="">
            {initialsOf(edit.userFullName)}
          </Avatar>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{edit.userFullName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDate(edit.createdTime, i18n.language)}
            </Typography>
          </Box>
        </Box>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="blog-edit-form">
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <TextField
              label={t('edit.titleField')}
              required
              {...register('blogTitle')}
              error={Boolean(errors.blogTitle)}
              helperText={errorText(errors.blogTitle?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'blog-edit-title' } }}
            />
            <Controller
              control={control}
              name="blogCategories"
              render={({ field }) => (
                <TextField
                  select
                  required
                  label={t('edit.categories')}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value as unknown as string[])}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(errors.blogCategories)}
                  helperText={errorText(errors.blogCategories?.message)}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) => (
                        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                          {(selected as EditFormValues['blogCategories']).map((category) => (
                            <Chip key={category} size="small" label={t(`categories.${category}`)} color={CATEGORY_CHIP_COLORS[category]} variant="outlined" />
                          ))}
                        </Stack>
                      ),
                    },
                  }}
                  data-testid="blog-edit-categories"
                >
                  {BLOG_CATEGORIES.map((category) => (
                    <MenuItem key={category} value={category} data-testid={`blog-edit-category-${category}`}>
                      {t(`categories.${category}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={t('edit.slug')}
              required
              {...register('slug')}
              error={Boolean(errors.slug)}
              helperText={errorText(errors.slug?.message) ?? t('edit.slugHint')}
              slotProps={{
                htmlInput: { 'data-testid': 'blog-edit-slug' },
                input: {
                  endAdornment: (
                    <Button size="small" onClick={() => setValue('slug', slugFromTitle(watch('blogTitle')), { shouldDirty: true, shouldValidate: true })} sx={{ whiteSpace: 'nowrap' }}>
                      {t('edit.slugFromTitle')}
                    </Button>
                  ),
                },
              }}
            />
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <TextField select label={t('edit.status')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} data-testid="blog-edit-status">
                  {BLOG_STATUSES.map((status) => (
                    <MenuItem key={status} value={status}>
                      {t(`statuses.${status}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={t('edit.excerpt')}
              required
              multiline
              minRows={5}
              {...register('excerpt')}
              error={Boolean(errors.excerpt)}
              helperText={errorText(errors.excerpt?.message)}
              sx={{ gridColumn: { md: '1 / -1' } }}
              slotProps={{ htmlInput: { 'data-testid': 'blog-edit-excerpt' } }}
            />
          </Box>

          <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mt: 3, p: 2.5 }} aria-describedby={imageHintId}>
            <Typography component="legend" variant="subtitle2" sx={{ px: 1 }}>
              {t('edit.featuredImage')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
              {featuredImage ? (
                <Box component="img" src={featuredImage} alt={t('edit.imagePreview')} sx={{ width: 240, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1 }} data-testid="blog-edit-image-preview" />
              ) : (
                <Box sx={{ width: 240, aspectRatio: '16 / 9', borderRadius: 1, border: 1, borderStyle: 'dashed', borderColor: 'divider', display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
                  {t('edit.noImage')}
                </Box>
              )}
              <Box>
                <Typography id={imageHintId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                  {t('edit.imageHint')}
                </Typography>
                <Stack direction="row" spacing={1}>
                  <Button variant="outlined" startIcon={<AddAPhotoOutlined />} onClick={() => fileInput.current?.click()}>
                    {t('edit.chooseImage')}
                  </Button>
                  {featuredImage && (
                    <Button color="secondary" onClick={() => setValue('featuredImage', '', { shouldDirty: true })} data-testid="blog-edit-image-remove">
                      {t('edit.removeImage')}
                    </Button>
                  )}
                </Stack>
                <input ref={fileInput} type="file" accept="image/*" hidden aria-label={t('edit.chooseImage')} onChange={(event) => void pickImage(event)} data-testid="blog-edit-image-input" />
                {(imageProblem || errors.featuredImage) && (
                  <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
                    {t(`errors.${imageProblem ?? 'imageSize'}`)}
                  </Typography>
                )}
              </Box>
            </Box>
          </Box>

          {saveError && (
            <Alert severity="error" sx={{ mt: 3 }} data-testid="blog-edit-error">
              {saveError}
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="blog-edit-save">
              {t('edit.save')}
            </Button>
            <Button component={RouterLink} to={`${BLOG_BASE}/detail/${edit.id}`} variant="outlined" color="secondary">
              {t('edit.cancel')}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

export function BlogEdit() {
  const { t } = useTranslation('demo-blog');
  const id = usePostIdParam();
  const edit = useEdit(id ?? 0);
  if (id === undefined) return <BlogLoadProblem error="missing" />;
  return (
    <Box data-testid="blog-edit">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 3 }}>
        {t('edit.heading')}
      </Typography>
      {edit.isPending ? (
        <Skeleton variant="rounded" height={640} aria-label={t('loading')} />
      ) : edit.isError ? (
        <BlogLoadProblem error={edit.error} />
      ) : (
        // Keyed by post, so another post's editor starts from its own values.
        <EditForm key={edit.data.id} edit={edit.data} />
      )}
    </Box>
  );
}
