/**
 * The task drawer: adds a task (add-tasks) or edits one (update-task) with title,
 * assignee, due date, tags and description, plus completed and important toggles; an existing
 * task can be deleted (delete-task, a soft delete) or, once deleted, restored. A modal drawer
 * from the right: Escape or Cancel closes it, the form submits with Enter in the title.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import RestoreFromTrashOutlinedIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddTask } from '../api/add-task.ts';
import { useDeleteTask } from '../api/delete-task.ts';
import { useUpdateTask } from '../api/update-task.ts';
import { TODO_ASSIGNEES, TODO_TAGS, type TTask, type TTodoTag } from '../schema.ts';
import { initialsOf, TAG_COLORS } from './todo-format.ts';

/** What the drawer shows: a new task, or a stored one. */
export type TaskDrawerState = { key: number } & ({ mode: 'add' } | { mode: 'edit'; task: TTask });

export interface TaskDrawerProps {
  open: boolean;
  /** The task shown; kept while the drawer slides out. */
  state: TaskDrawerState | null;
  onClose: () => void;
  notify: (message: string) => void;
}

interface FormValues {
  title: string;
  assignee: string;
  dueDate: string;
  tags: TTodoTag[];
  description: string;
  isCompleted: boolean;
  isImportant: boolean;
}

const isTag = (value: string): value is TTodoTag => (TODO_TAGS as readonly string[]).includes(value);

function valuesOf(state: TaskDrawerState): FormValues {
  if (state.mode === 'add') return { title: '', assignee: '', dueDate: '', tags: [], description: '', isCompleted: false, isImportant: false };
  const { task } = state;
  return {
    title: task.title,
    assignee: task.assignee?.fullName ?? '',
    dueDate: task.dueDate ?? '',
    tags: [...task.tags],
    description: task.description,
    isCompleted: task.isCompleted,
    isImportant: task.isImportant,
  };
}

function Toggle({ on, title, iconOn, iconOff, onClick, color }: { on: boolean; title: string; iconOn: ReactElement; iconOff: ReactElement; onClick: () => void; color: string }) {
  return (
    <Tooltip title={title}>
      <IconButton aria-label={title} aria-pressed={on} onClick={onClick} sx={{ color: on ? color : 'action.active' }}>
        {on ? iconOn : iconOff}
      </IconButton>
    </Tooltip>
  );
}

function TaskForm({ state, onClose, notify }: { state: TaskDrawerState; onClose: () => void; notify: (message: string) => void }) {
  const { t } = useTranslation('demo-todo');
  const titleId = useId();
  const add = useAddTask();
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const [values, setValues] = useState<FormValues>(() => valuesOf(state));
  const [submitted, setSubmitted] = useState(false);
  const task = state.mode === 'edit' ? state.task : null;
  const titleError = submitted && !values.title.trim() ? t('form.titleRequired') : undefined;
  const busy = add.isPending || update.isPending || remove.isPending;
  const failed = () => notify(t('toast.failed'));

  const submit = () => {
    setSubmitted(true);
    if (!values.title.trim()) return;
    const assignee = TODO_ASSIGNEES.find((person) => person.fullName === values.assignee) ?? null;
    const fields = {
      title: values.title.trim(),
      assignee: assignee && { ...assignee },
      dueDate: values.dueDate || null,
      tags: values.tags,
      description: values.description.trim(),
      isCompleted: values.isCompleted,
      isImportant: values.isImportant,
    };
    if (task) {
      update.mutate({ ...task, ...fields }, { onSuccess: () => { notify(t('toast.updated')); onClose(); }, onError: failed });
    } else {
      add.mutate({ ...fields, isDeleted: false }, { onSuccess: () => { notify(t('toast.added')); onClose(); }, onError: failed });
    }
  };

  return (
    <Box
      component="form"
      noValidate
      role="dialog"
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
      data-testid="todo-drawer"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1, fontWeight: 600 }}>
          {task ? t('form.editTitle') : t('form.addTitle')}
        </Typography>
        <Toggle
          on={values.isCompleted}
          title={values.isCompleted ? t('form.markIncomplete') : t('form.markComplete')}
          iconOn={<CheckCircleIcon />}
          iconOff={<CheckCircleOutlinedIcon />}
          color="success.main"
          onClick={() => setValues({ ...values, isCompleted: !values.isCompleted })}
        />
        <Toggle
          on={values.isImportant}
          title={values.isImportant ? t('form.unmarkImportant') : t('form.markImportant')}
          iconOn={<StarIcon />}
          iconOff={<StarBorderIcon />}
          color="warning.main"
          onClick={() => setValues({ ...values, isImportant: !values.isImportant })}
        />
        <IconButton aria-label={t('form.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {task?.isDeleted && (
        <Alert
          severity="warning"
          sx={{ m: 2.5, mb: 0 }}
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<RestoreFromTrashOutlinedIcon />}
              disabled={busy}
              onClick={() => update.mutate({ ...task, isDeleted: false }, { onSuccess: () => { notify(t('toast.restored')); onClose(); }, onError: failed })}
              data-testid="todo-restore"
            >
              {t('form.restore')}
            </Button>
          }
        >
          {t('form.deletedNote')}
        </Alert>
      )}
      <Box sx={{ flex: 1, overflowY: 'auto', p: 2.5, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <TextField
          autoFocus
          required
          label={t('form.title')}
          value={values.title}
          onChange={(event) => setValues({ ...values, title: event.target.value })}
          error={Boolean(titleError)}
          helperText={titleError}
          slotProps={{ htmlInput: { 'data-testid': 'todo-form-title', maxLength: 200 } }}
        />
        <TextField
          select
          label={t('form.assignee')}
          value={values.assignee}
          onChange={(event) => setValues({ ...values, assignee: event.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'todo-form-assignee' } }}
        >
          <MenuItem value="">
            <em>{t('form.unassigned')}</em>
          </MenuItem>
          {TODO_ASSIGNEES.map((person) => (
            <MenuItem key={person.fullName} value={person.fullName}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
                <Avatar src={person.avatar || undefined} alt="" sx={{ width: 24, height: 24, fontSize: 11, bgcolor: 'primary.light' }}>
                  {initialsOf(person.fullName)}
                </Avatar>
                {person.fullName}
              </Box>
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label={t('form.dueDate')}
          value={values.dueDate}
          onChange={(event) => setValues({ ...values, dueDate: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'todo-form-due' } }}
        />
        <TextField
          select
          label={t('form.tags')}
          value={values.tags}
          onChange={(event) => {
            const raw: unknown = event.target.value;
            const picked = (Array.isArray(raw) ? raw : String(raw).split(',')).map(String).filter(isTag);
            setValues({ ...values, tags: picked });
          }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {(Array.isArray(selected) ? selected : []).map(String).filter(isTag).map((tag) => (
                    <Chip key={tag} size="small" color={TAG_COLORS[tag]} variant="outlined" label={t(`tags.${tag}`)} />
                  ))}
                </Box>
              ),
            },
            htmlInput: { 'data-testid': 'todo-form-tags' },
          }}
        >
          {TODO_TAGS.map((tag) => (
            <MenuItem key={tag} value={tag}>
              <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: `${TAG_COLORS[tag]}.main`, mr: 1.5 }} />
              {t(`tags.${tag}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('form.description')}
          multiline
          minRows={4}
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'todo-form-description' } }}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, px: 2.5, py: 2, borderTop: 1, borderColor: 'divider' }}>
        <Button type="submit" variant="contained" disabled={busy} data-testid="todo-form-submit">
          {task ? t('form.update') : t('form.add')}
        </Button>
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {task && !task.isDeleted && (
          <Button
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            disabled={busy}
            onClick={() => remove.mutate(task.id, { onSuccess: () => { notify(t('toast.deleted')); onClose(); }, onError: failed })}
            data-testid="todo-delete"
          >
            {t('form.delete')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

export function TaskDrawer({ open, state, onClose, notify }: TaskDrawerProps) {
  return (
    <Drawer anchor="right" open={open && state !== null} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } } } }}>
      {state && <TaskForm key={state.key} state={state} onClose={onClose} notify={notify} />}
    </Drawer>
  );
}
