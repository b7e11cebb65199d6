/**
 * The todo app's left column: Add Task, the filters (My Tasks, Important, Completed, Deleted;
 * docs/requirements/calls.md `filter`) and the tags (docs/requirements/data.md) with their colour
 * dots. Entries are links that keep the search and the order, so a list can be shared and survives
 * a reload.
 */
import AddIcon from '@mui/icons-material/Add';
import CheckOutlinedIcon from '@mui/icons-material/CheckOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TODO_TAGS, type TaskListParams, type TTodoFilter } from '../schema.ts';
import { searchOf, TAG_COLORS, TODO_BASE } from './todo-format.ts';

const FILTERS: readonly { filter: TTodoFilter | undefined; key: 'all' | TTodoFilter; icon: ReactNode }[] = [
  { filter: undefined, key: 'all', icon: <ListAltOutlinedIcon fontSize="small" /> },
  { filter: 'important', key: 'important', icon: <StarBorderIcon fontSize="small" /> },
  { filter: 'completed', key: 'completed', icon: <CheckOutlinedIcon fontSize="small" /> },
  { filter: 'deleted', key: 'deleted', icon: <DeleteOutlinedIcon fontSize="small" /> },
];

export interface TodoSidebarProps {
  params: TaskListParams;
  onAdd: () => void;
  /** Called after an entry is chosen (closes the phone drawer). */
  onNavigate?: () => void;
}

export function TodoSidebar({ params, onAdd, onNavigate }: TodoSidebarProps) {
  const { t } = useTranslation('demo-todo');
  const keep: TaskListParams = {};
  if (params.q) keep.q = params.q;
  if (params.sortBy) keep.sortBy = params.sortBy;
  const itemSx = { borderRadius: 1.5, mx: 1.5, mb: 0.25, py: 0.75 } as const;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowY: 'auto' }}>
      <Box sx={{ p: 2.5, pb: 2 }}>
        <Button fullWidth variant="contained" startIcon={<AddIcon />} onClick={onAdd} data-testid="todo-add">
          {t('addTask')}
        </Button>
      </Box>
      <List component="nav" dense disablePadding aria-label={t('filters.label')}>
        {FILTERS.map(({ filter, key, icon }) => {
          const selected = !params.tag && params.filter === filter;
          return (
            <ListItemButton
              key={key}
              component={RouterLink}
              to={`${TODO_BASE}${searchOf(filter ? { ...keep, filter } : keep)}`}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              onClick={onNavigate}
              sx={itemSx}
              data-testid={`todo-filter-${key}`}
            >
              <ListItemIcon sx={{ minWidth: 36, color: selected ? 'primary.main' : 'text.secondary' }}>{icon}</ListItemIcon>
              <ListItemText primary={t(`filters.${key}`)} slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 400 } } }} />
            </ListItemButton>
          );
        })}
      </List>
      <List
        component="nav"
        dense
        disablePadding
        aria-labelledby="todo-tags-heading"
        subheader={
          <ListSubheader id="todo-tags-heading" disableSticky sx={{ bgcolor: 'transparent', lineHeight: '36px', mt: 2, px: 3, textTransform: 'uppercase', fontSize: 12, letterSpacing: 0.6 }}>
            {t('tags.heading')}
          </ListSubheader>
        }
      >
        {TODO_TAGS.map((tag) => {
          const selected = params.tag === tag;
          return (
            <ListItemButton
              key={tag}
              component={RouterLink}
              to={`${TODO_BASE}${searchOf({ ...keep, tag })}`}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              onClick={onNavigate}
              sx={itemSx}
              data-testid={`todo-tag-${tag}`}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: `${TAG_COLORS[tag]}.main`, ml: 0.5 }} />
              </ListItemIcon>
              <ListItemText primary={t(`tags.${tag}`)} />
            </ListItemButton>
          );
        })}
      </List>
    </Box>
  );
}
