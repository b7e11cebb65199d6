/**
 * Management of the client's reply templates, for roles with `manage ReplyTemplate`
 * (owners, brand managers): the templates by name with a preview of their text and who changed
 * them last, and adding, editing and deleting one. The text may use the variables of
 * `TEMPLATE_VARIABLES`, inserted at the caret by their buttons; the composer fills them per
 * review (reply-composer.tsx).
 *
 * Deleting asks first. What the server refuses is shown where it belongs: a name another template
 * has (409 `template_name_taken`) or a bad name or text (400 naming `body.name`/`body.body`, also
 * found before sending by the contract) under that field, anything else as an alert.
 *
 * Loaded on demand from the Reviews header (reviews-page.tsx): MUI's Dialog and TextField are not
 * part of the screen's first paint.
 */
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TEMPLATE_BODY_MAX, TEMPLATE_NAME_MAX, TEMPLATE_VARIABLES, type TReplyTemplate } from '@dinedesk/contracts';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/errors.ts';
import { formatDate } from '../format.ts';
import { useDeleteReplyTemplate, useReplyTemplates, useSaveReplyTemplate } from '../api/reply-templates.ts';

/** Height in px of a template row with a two-line preview, what the loading rows stand for. */
const TEMPLATE_ROW_HEIGHT = 96;

/** The form being shown: a new template, or the one being edited. */
type Editing = { template: TReplyTemplate | null };

/** The field a refusal names (`body.name` → `name`), when it is one of the form's. */
function fieldOf(error: unknown): 'name' | 'body' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.field === 'body.name') return 'name';
  if (error.field === 'body.body') return 'body';
  return null;
}

function TemplateForm({ template, onDone }: { template: TReplyTemplate | null; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const { t: tr } = useTranslation('reviews');
  const [name, setName] = useState(template?.name ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const save = useSaveReplyTemplate();
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  /** Where the caret goes after a variable was inserted (set once the text re-rendered). */
  const caret = useRef<number | null>(null);
  const variablesId = useId();
  const errorField = fieldOf(save.error);

  useLayoutEffect(() => {
    const position = caret.current;
    if (position === null || !bodyRef.current) return;
    caret.current = null;
    bodyRef.current.focus();
    bodyRef.current.setSelectionRange(position, position);
  }, [body]);

  /** Puts `{variable}` where the caret is in the text (over the selection, if any). */
  const insert = (variable: string) => {
    const token = `{${variable}}`;
    const input = bodyRef.current;
    const start = input?.selectionStart ?? body.length;
    const end = input?.selectionEnd ?? start;
    caret.current = start + token.length;
    setBody(body.slice(0, start) + token + body.slice(end));
    if (errorField === 'body') save.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ ...(template ? { id: template.id } : {}), name, body }, { onSuccess: () => onDone(true) });
  };

  const canSave = name.trim() !== '' && body.trim() !== '' && !save.isPending;
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label={template ? tr('templates.editTitle', { name: template.name }) : tr('templates.newTitle')}
      data-testid="reply-template-form"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {template ? tr('templates.editTitle', { name: template.name }) : tr('templates.newTitle')}
        </Typography>
        {save.isError && !errorField && (
          <Alert severity="error" role="alert">
            {describeError(save.error, t)}
          </Alert>
        )}
        <TextField
          label={tr('templates.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (errorField === 'name') save.reset();
          }}
          required
          fullWidth
          autoFocus
          error={errorField === 'name'}
          helperText={errorField === 'name' ? describeError(save.error, t) : undefined}
          slotProps={{ htmlInput: { maxLength: TEMPLATE_NAME_MAX, 'data-testid': 'reply-template-name' } }}
        />
        <TextField
          label={tr('templates.body')}
          value={body}
          onChange={(event) => {
            setBody(event.target.value);
            if (errorField === 'body') save.reset();
          }}
          required
          fullWidth
          multiline
          minRows={4}
          maxRows={12}
          inputRef={bodyRef}
          error={errorField === 'body'}
          helperText={errorField === 'body' ? describeError(save.error, t) : tr('templates.bodyHelp')}
          slotProps={{ htmlInput: { maxLength: TEMPLATE_BODY_MAX, 'data-testid': 'reply-template-body', 'aria-describedby': variablesId } }}
        />
        <Box role="group" aria-labelledby={variablesId} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={variablesId} variant="body2" color="text.secondary">
            {tr('templates.variables')}
          </Typography>
          {TEMPLATE_VARIABLES.map((variable) => (
            <Chip
              key={variable}
              label={`{${variable}}`}
              size="small"
              variant="outlined"
              title={tr(`templates.variable.${variable}`)}
              aria-label={`{${variable}}: ${tr(`templates.variable.${variable}`)}`}
              onClick={() => insert(variable)}
              data-testid={`template-variable-${variable}`}
            />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onDone(false)} disabled={save.isPending} data-testid="reply-template-cancel">
          {tr('templates.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!canSave} data-testid="reply-template-save">
          {save.isPending ? tr('templates.saving') : tr('templates.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}

function TemplateRow({ template, onEdit, onDeleted }: { template: TReplyTemplate; onEdit: () => void; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const { t: tr } = useTranslation('reviews');
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteReplyTemplate();
  const date = formatDate(template.updatedAt, i18n.language, true);
  return (
    <Box component="li" data-testid="reply-template-item" data-template-id={template.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography component="h3" variant="subtitle2">
            {template.name}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflowWrap: 'anywhere' }}
          >
            {template.body}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {template.updatedByName ? tr('templates.changedBy', { name: template.updatedByName, date }) : tr('templates.changedAt', { date })}
          </Typography>
        </Box>
        <IconButton size="small" onClick={onEdit} aria-label={tr('templates.editNamed', { name: template.name })} data-testid="reply-template-edit">
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          color="error"
          onClick={() => setConfirming(true)}
          disabled={confirming}
          aria-label={tr('templates.deleteNamed', { name: template.name })}
          data-testid="reply-template-delete"
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      {remove.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {describeError(remove.error, t)}
        </Alert>
      )}
      {confirming && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Typography variant="body2">{tr('templates.confirmDelete', { name: template.name })}</Typography>
          <Button
            size="small"
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ id: template.id }, { onSuccess: onDeleted, onSettled: () => setConfirming(false) })}
            data-testid="reply-template-delete-confirm"
          >
            {tr('templates.delete')}
          </Button>
          <Button size="small" onClick={() => setConfirming(false)} disabled={remove.isPending} data-testid="reply-template-delete-cancel">
            {tr('templates.keep')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

export interface ReplyTemplatesDialogProps {
  /** The dialog is open while it is mounted; closing calls this. */
  onClose: () => void;
}

function ReplyTemplatesDialog({ onClose }: ReplyTemplatesDialogProps) {
  const { t: tr } = useTranslation('reviews');
  const titleId = useId();
  const templatesQuery = useReplyTemplates();
  const templates = templatesQuery.data?.data ?? [];
  const [editing, setEditing] = useState<Editing | null>(null);
  /** What the last change did, announced in the list. */
  const [notice, setNotice] = useState<'saved' | 'deleted' | null>(null);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} data-testid="reply-templates-dialog">
      {/* A heading row rather than DialogTitle: one chunk less to list on the Reviews first paint. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 3, pr: 1, pt: 1.5, pb: 1 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {tr('templates.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={tr('templates.close')} data-testid="reply-templates-close">
          <CloseIcon />
        </IconButton>
      </Box>
      {editing ? (
        <TemplateForm
          key={editing.template?.id ?? 'new'}
          template={editing.template}
          onDone={(saved) => {
            setEditing(null);
            setNotice(saved ? 'saved' : null);
          }}
        />
      ) : (
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {tr('templates.intro')}
          </Typography>
          {notice && (
            <Alert severity="success" role="status" onClose={() => setNotice(null)}>
              {tr(`templates.${notice}`)}
            </Alert>
          )}
          <Box>
            <Button
              variant="outlined"
              onClick={() => {
                setNotice(null);
                setEditing({ template: null });
              }}
              data-testid="reply-template-add"
            >
              {tr('templates.add')}
            </Button>
          </Box>
          <ListState
            query={templatesQuery}
            isEmpty={templates.length === 0}
            skeleton={{ rows: 3, rowHeight: TEMPLATE_ROW_HEIGHT, spacing: 1, label: tr('templates.loading') }}
            empty={<ListEmpty testId="reply-templates-empty" title={tr('templates.empty')} sx={{ p: 1 }} />}
          >
            <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={tr('templates.title')}>
              {templates.map((template) => (
                <TemplateRow
                  key={template.id}
                  template={template}
                  onEdit={() => {
                    setNotice(null);
                    setEditing({ template });
                  }}
                  onDeleted={() => setNotice('deleted')}
                />
              ))}
            </Box>
          </ListState>
        </DialogContent>
      )}
    </Dialog>
  );
}

export default ReplyTemplatesDialog;
