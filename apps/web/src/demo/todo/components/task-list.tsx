/**
 * The todo list pane (docs/requirements/calls.md `GET /apps/todo/tasks`): the search box (`q` on
 * the title) and the sort menu (latest, title A–Z and Z–A, assignee, due date), both in the URL,
 * and the tasks with loading, error and empty states. Each row has three controls, each reachable
 * with Tab: the checkbox completes the task, the body opens it in the drawer, the star marks it
 * important (update-task).
 */
import CheckIcon from '@mui/icons-material/Check';
import ChecklistIcon from '@mui/icons-material/Checklist';
import SortIcon from '@mui/icons-material/Sort';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoSearchBar } from '../../components/demo-search-bar.tsx';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { useTasks } from '../api/get-tasks.ts';
import { useUpdateTask } from '../api/update-task.ts';
import { TODO_SORTS, type TaskListParams, type TTask, type TTodoSort } from '../schema.ts';
import { formatDue, initialsOf, TAG_COLORS, todayIso } from './todo-format.ts';

export interface TaskListProps {
  params: TaskListParams;
  /** The search as typed (the URL's `q`). */
  search: string;
  onSearch: (q: string) => void;
  onSort: (sortBy: TTodoSort) => void;
  onOpen: (task: TTask) => void;
  /** Opens the sidebar drawer (phones); absent when the sidebar is shown. */
  onMenu?: (() => void) | undefined;
  notify: (message: string) => void;
}

function SortMenu({ sortBy, onSort }: { sortBy: TTodoSort; onSort: (sortBy: TTodoSort) => void }) {
  const { t } = useTranslation('demo-todo');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Tooltip title={t('sort.label')}>
        <IconButton
          aria-label={t('sort.label')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="todo-sort"
        >
          <SortIcon />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {TODO_SORTS.map((option) => (
          <MenuItem
            key={option}
            selected={option === sortBy}
            role="menuitemradio"
            aria-checked={option === sortBy}
            onClick={() => {
              setAnchor(null);
              onSort(option);
            }}
            data-testid={`todo-sort-${option}`}
          >
            <ListItemIcon>{option === sortBy && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText primary={t(`sort.${option}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function TaskList({ params, search, onSearch, onSort, onOpen, onMenu, notify }: TaskListProps) {
  const { t, i18n } = useTranslation('demo-todo');
  const query = useTasks(params);
  const update = useUpdateTask();
  const tasks = query.data ?? [];
  const today = todayIso();
  const filtered = Boolean(params.q || params.filter || params.tag);

  const change = (task: TTask, message: string) =>
    update.mutate(task, { onSuccess: () => notify(message), onError: () => notify(t('toast.failed')) });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <DemoSearchBar value={search} onChange={onSearch} label={t('list.search')} onMenu={onMenu} menuLabel={t('list.openMenu')} testIdPrefix="todo">
        <SortMenu sortBy={params.sortBy ?? 'latest'} onSort={onSort} />
      </DemoSearchBar>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>
        {query.isFetching && !query.isPending && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} aria-label={t('list.loading')} />}
        <ListState
          query={query}
          isEmpty={tasks.length === 0}
          skeleton={{ rows: 8, rowHeight: 56, spacing: 1, sx: { p: 2 }, label: t('list.loading') }}
          errorSx={{ m: 2 }}
          empty={
            <ListEmpty
              testId="todo-empty"
              icon={<ChecklistIcon />}
              title={params.q ? t('list.emptySearch', { q: params.q }) : t('list.empty')}
              description={filtered ? undefined : t('list.emptyHelp')}
              action={
                params.q ? (
                  <Button variant="outlined" onClick={() => onSearch('')}>
                    {t('list.clearSearch')}
                  </Button>
                ) : undefined
              }
            />
          }
        >
          <Box component="ul" aria-label={t('list.label')} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="todo-list">
            {tasks.map((task) => {
              const overdue = task.dueDate !== null && task.dueDate < today && !task.isCompleted;
              return (
                <Box
                  component="li"
                  key={task.id}
                  data-testid="todo-task"
                  data-task-id={task.id}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 0.5,
                    pl: 1.25,
                    pr: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                    transition: (theme) => theme.transitions.create('box-shadow'),
                    '&:hover': { boxShadow: 2, position: 'relative', zIndex: 1 },
                  }}
                >
                  <Checkbox
                    size="small"
                    checked={task.isCompleted}
                    onChange={() => change({ ...task, isCompleted: !task.isCompleted }, t(task.isCompleted ? 'toast.reopened' : 'toast.completed'))}
                    slotProps={{ input: { 'aria-label': t('list.complete', { title: task.title }) } }}
                    data-testid="todo-complete"
                  />
                  <ButtonBase
                    onClick={() => onOpen(task)}
                    aria-haspopup="dialog"
                    data-testid="todo-open"
                    sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1.5, px: 1, py: 1.5, textAlign: 'left', justifyContent: 'flex-start', borderRadius: 1 }}
                  >
                    <Typography
                      variant="body2"
                      noWrap
                      data-testid="todo-title"
                      sx={{ flex: 1, minWidth: 0, fontWeight: 500, textDecoration: task.isCompleted ? 'line-through' : 'none', color: task.isCompleted ? 'text.secondary' : 'text.primary' }}
                    >
                      {task.title}
                    </Typography>
                    <Box sx={{ display: { xs: 'none', sm: 'flex' }, gap: 0.5 }}>
                      {task.tags.map((tag) => (
                        <Chip key={tag} size="small" color={TAG_COLORS[tag]} variant="outlined" label={t(`tags.${tag}`)} sx={{ height: 22 }} />
                      ))}
                    </Box>
                    {task.dueDate && (
                      <Typography variant="caption" sx={{ flexShrink: 0, color: overdue ? 'error.main' : 'text.secondary', minWidth: 48, textAlign: 'right' }}>
                        <time dateTime={task.dueDate} title={overdue ? t('list.overdue') : undefined}>
                          {formatDue(task.dueDate, i18n.language)}
                        </time>
                      </Typography>
                    )}
                    {task.assignee ? (
                      <Avatar src={task.assignee.avatar || undefined} alt={task.assignee.fullName} sx={{ width: 28, height: 28, fontSize: 12, bgcolor: 'primary.light' }}>
                        {initialsOf(task.assignee.fullName)}
                      </Avatar>
                    ) : (
                      <Avatar aria-label={t('form.unassigned')} sx={{ width: 28, height: 28, fontSize: 12, bgcolor: 'action.selected', color: 'text.secondary' }}>
                        ?
                      </Avatar>
                    )}
                  </ButtonBase>
                  <IconButton
                    size="small"
                    aria-label={task.isImportant ? t('list.unmarkImportant', { title: task.title }) : t('list.markImportant', { title: task.title })}
                    aria-pressed={task.isImportant}
                    onClick={() => change({ ...task, isImportant: !task.isImportant }, t(task.isImportant ? 'toast.unstarred' : 'toast.starred'))}
                    sx={{ color: task.isImportant ? 'warning.main' : 'action.active' }}
                  >
                    {task.isImportant ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
                  </IconButton>
                </Box>
              );
            })}
          </Box>
        </ListState>
      </Box>
    </Box>
  );
}
