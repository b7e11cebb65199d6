/**
 * The todo demo app (`/apps/todo`; docs/requirements/routes.md, data.md#task, states.md and
 * calls.md): a full-height task manager laid out like the template's. Left: Add Task, the filters
 * and the tags (a drawer under the md breakpoint). Right: the tasks of the filter or tag, with
 * search and sort. Filter, tag, search and order are in the URL query
 * (`?filter=completed&tag=team&q=…&sortBy=title-asc`); a task opens in the drawer to edit,
 * complete, star, delete or restore it. All data comes from the demo mock calls (api/), kept for
 * the browser session.
 */
import Snackbar from '@mui/material/Snackbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DemoAppFrame } from '../components/demo-app-frame.tsx';
import { TaskDrawer, type TaskDrawerState } from './components/task-drawer.tsx';
import { TaskList } from './components/task-list.tsx';
import { taskParamsOf } from './components/todo-format.ts';
import { TodoSidebar } from './components/todo-sidebar.tsx';

const SIDEBAR_WIDTH = 260;

/** `/apps/todo`: the task manager; its list is described by the URL query. */
export default function TodoApp() {
  const { t } = useTranslation('demo-todo');
  useDocumentTitle(t('title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => taskParamsOf(searchParams), [searchParams]);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [drawer, setDrawer] = useState<{ open: boolean; state: TaskDrawerState | null }>({ open: false, state: null });
  const [toast, setToast] = useState<{ key: number; message: string } | null>(null);
  const notify = (message: string) => setToast({ key: Date.now(), message });

  const setParam = (name: 'q' | 'sortBy', value: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value && !(name === 'sortBy' && value === 'latest')) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: name === 'q' },
    );

  const sidebar = (
    <TodoSidebar
      params={params}
      onAdd={() => {
        setSidebarOpen(false);
        setDrawer({ open: true, state: { key: Date.now(), mode: 'add' } });
      }}
      onNavigate={() => setSidebarOpen(false)}
    />
  );

  const title = params.tag ? t(`tags.${params.tag}`) : t(`filters.${params.filter ?? 'all'}`);

  return (
    <>
      <DemoAppFrame
        title={t('title')}
        sidebarLabel={t('sidebar')}
        sidebar={sidebar}
        sidebarWidth={SIDEBAR_WIDTH}
        wide={wide}
        sidebarOpen={sidebarOpen}
        onCloseSidebar={() => setSidebarOpen(false)}
        mainLabel={title}
        testId="todo-app"
      >
        <TaskList
          params={params}
          search={searchParams.get('q') ?? ''}
          onSearch={(q) => setParam('q', q)}
          onSort={(sortBy) => setParam('sortBy', sortBy)}
          onOpen={(task) => setDrawer({ open: true, state: { key: Date.now(), mode: 'edit', task } })}
          onMenu={wide ? undefined : () => setSidebarOpen(true)}
          notify={notify}
        />
      </DemoAppFrame>
      <TaskDrawer open={drawer.open} state={drawer.state} onClose={() => setDrawer((current) => ({ ...current, open: false }))} notify={notify} />
      <Snackbar
        key={toast?.key}
        open={toast !== null}
        autoHideDuration={4000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setToast(null);
        }}
        message={toast?.message}
        data-testid="todo-toast"
      />
    </>
  );
}
