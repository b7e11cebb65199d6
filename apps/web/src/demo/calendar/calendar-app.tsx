/**
 * The calendar demo app (`/apps/calendar`; docs/requirements/routes.md, data.md#calendar-event and
 * calls.md): a sidebar (Add Event, a month picker, the calendar filter) and FullCalendar 7 with
 * month, week, day and list views. Clicking a day or Add Event opens the add drawer, clicking an
 * event the edit drawer; dragging an event to another day or time and resizing it save the change
 * (update-event) and undo it on screen if the call fails. Events are fetched per set of checked
 * calendars (`?calendars=`), so unchecking one hides its events.
 *
 * FullCalendar 7 (docs/dependencies.md): views come from `@fullcalendar/react/<view>` subpaths,
 * with the classic theme plugin and its stylesheets, coloured from the MUI palette
 * (calendar-styles.ts). Its strings follow the UI language through its own locales.
 */
import FullCalendar, { type CalendarRef, type DateClickInfo, type DatesSetInfo, type EventClickInfo, type EventDropInfo, type EventInput, type EventResizeDoneInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import deLocale from '@fullcalendar/react/locales/de';
import frLocale from '@fullcalendar/react/locales/fr';
import ptBrLocale from '@fullcalendar/react/locales/pt-br';
import '@fullcalendar/react/skeleton.css';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/themes/classic/palette.css';
import '@fullcalendar/react/themes/classic/theme.css';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import MenuIcon from '@mui/icons-material/Menu';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../components/list-state.tsx';
import { srOnly } from '../../components/sr-only.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAddEvent } from './api/add-event.ts';
import { useEvents } from './api/get-events.ts';
import { useRemoveEvent } from './api/remove-event.ts';
import { useUpdateEvent } from './api/update-event.ts';
import { calendarColor } from './components/calendar-colors.ts';
import { CalendarSidebar } from './components/calendar-sidebar.tsx';
import { fullCalendarVariables } from './components/calendar-styles.ts';
import { EventDrawer } from './components/event-drawer.tsx';
import { eventFromForm, formFromEvent, movedEvent, newEventForm, type EventFormValues } from './components/event-form.ts';
import { CALENDARS, type TCalendarEvent, type TCalendarName } from './schema.ts';

const PLUGINS = [classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const HEADER_TOOLBAR = { start: 'prev,next today title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth' };
const LOCALES = { de: deLocale, fr: frLocale, pt: ptBrLocale } as const;
const SIDEBAR_WIDTH = 288;

/** The drawer's state: closed, or open on a new or stored event (`key` re-mounts its form). */
type DrawerState = { open: false } | { open: true; key: number; mode: 'add'; initial: EventFormValues } | { open: true; key: number; mode: 'edit'; initial: EventFormValues; event: TCalendarEvent };

type Toast = { message: string; severity: 'success' | 'error' } | null;

/** The calendar screen (see the module comment). */
export default function CalendarApp() {
  const { t, i18n } = useTranslation('demo-calendar');
  useDocumentTitle(t('title'));
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const calendarRef = useRef<CalendarRef>(null);
  const [selected, setSelected] = useState<TCalendarName[]>([...CALENDARS]);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [drawer, setDrawer] = useState<DrawerState>({ open: false });
  const [toast, setToast] = useState<Toast>(null);
  const [pickerMonth, setPickerMonth] = useState(() => new Date());
  const [currentDate, setCurrentDate] = useState<Date | undefined>(undefined);
  const drawerKey = useRef(0);

  const events = useEvents(selected);
  const addEvent = useAddEvent();
  const updateEvent = useUpdateEvent();
  const removeEvent = useRemoveEvent();
  const busy = addEvent.isPending || updateEvent.isPending || removeEvent.isPending;

  const byId = useMemo(() => new Map((events.data ?? []).map((event) => [String(event.id), event])), [events.data]);
  const calendarEvents = useMemo<EventInput[]>(
    () =>
      (events.data ?? []).map((event) => ({
        id: String(event.id),
        title: event.title,
        start: event.start,
        end: event.end,
        allDay: event.allDay,
        url: event.url,
        extendedProps: event.extendedProps,
        color: calendarColor(theme, event.extendedProps.calendar),
      })),
    [events.data, theme],
  );

  const openAdd = (start: Date, allDay: boolean) => {
    drawerKey.current += 1;
    setSidebarOpen(false);
    setDrawer({ open: true, key: drawerKey.current, mode: 'add', initial: newEventForm(start, allDay) });
  };
  const openEdit = (event: TCalendarEvent) => {
    drawerKey.current += 1;
    setDrawer({ open: true, key: drawerKey.current, mode: 'edit', initial: formFromEvent(event), event });
  };
  const closeDrawer = () => setDrawer((current) => ({ ...current, open: false }) as DrawerState);
  const failed = () => setToast({ message: t('toast.failed'), severity: 'error' });

  const submit = (values: EventFormValues) => {
    if (!drawer.open) return;
    const event = eventFromForm(values);
    if (drawer.mode === 'add') {
      addEvent.mutate(event, {
        onSuccess: () => {
          closeDrawer();
          setToast({ message: t('toast.added'), severity: 'success' });
        },
        onError: failed,
      });
    } else {
      updateEvent.mutate(
        { ...event, id: drawer.event.id },
        {
          onSuccess: () => {
            closeDrawer();
            setToast({ message: t('toast.updated'), severity: 'success' });
          },
          onError: failed,
        },
      );
    }
  };

  const remove = () => {
    if (!drawer.open || drawer.mode !== 'edit') return;
    removeEvent.mutate(drawer.event.id, {
      onSuccess: () => {
        closeDrawer();
        setToast({ message: t('toast.removed'), severity: 'success' });
      },
      onError: failed,
    });
  };

  /** A drag or resize: save the new dates, or put the event back if that fails. */
  const saveMove = (info: EventDropInfo | EventResizeDoneInfo) => {
    const stored = byId.get(info.event.id);
    if (!stored) {
      info.revert();
      return;
    }
    updateEvent.mutate(movedEvent(stored, info.event), {
      onSuccess: () => setToast({ message: t('toast.updated'), severity: 'success' }),
      onError: () => {
        info.revert();
        failed();
      },
    });
  };

  const onEventClick = (info: EventClickInfo) => {
    // An event's URL is a field of the form, not a link to follow from the calendar.
    info.jsEvent.preventDefault();
    const stored = byId.get(info.event.id);
    if (stored) openEdit(stored);
  };

  const onDatesSet = (info: DatesSetInfo) => {
    const middle = new Date((info.view.currentStart.getTime() + info.view.currentEnd.getTime()) / 2);
    setPickerMonth(new Date(middle.getFullYear(), middle.getMonth(), 1));
    // Only a day view has one day to mark in the picker.
    setCurrentDate(info.view.type === 'timeGridDay' ? info.view.currentStart : undefined);
  };

  const pickDate = (day: Date) => {
    const api = calendarRef.current?.getApi();
    api?.changeView('timeGridDay', day);
    setSidebarOpen(false);
  };

  // FullCalendar rebuilds its context when an option changes identity; a rebuild during a drag
  // makes it treat the drop as a move to another calendar (eventReceive, no eventDrop). So the
  // listeners it gets never change; they call the latest handlers through a ref.
  const latest = useRef({ openAdd, onEventClick, saveMove, onDatesSet });
  useLayoutEffect(() => {
    latest.current = { openAdd, onEventClick, saveMove, onDatesSet };
  });
  const listeners = useMemo(
    () => ({
      dateClick: (info: DateClickInfo) => latest.current.openAdd(info.date, info.allDay),
      eventClick: (info: EventClickInfo) => latest.current.onEventClick(info),
      eventDrop: (info: EventDropInfo) => latest.current.saveMove(info),
      eventResize: (info: EventResizeDoneInfo) => latest.current.saveMove(info),
      datesSet: (info: DatesSetInfo) => latest.current.onDatesSet(info),
    }),
    [],
  );

  const sidebar = (
    <CalendarSidebar
      selected={selected}
      onSelectedChange={setSelected}
      onAddEvent={() => openAdd(new Date(), true)}
      pickerMonth={pickerMonth}
      currentDate={currentDate}
      onPickerMonthChange={setPickerMonth}
      onPickDate={pickDate}
    />
  );

  const language = i18n.language.slice(0, 2);
  const locale = language === 'de' || language === 'fr' || language === 'pt' ? LOCALES[language] : undefined;
  const empty = events.isSuccess && events.data.length === 0;

  return (
    <Box data-testid="calendar-app">
      <GlobalStyles styles={fullCalendarVariables(theme)} />
      <Typography component="h1" sx={srOnly}>
        {t('title')}
      </Typography>
      <Paper sx={{ display: 'flex', height: { xs: 'auto', md: 'calc(100vh - 190px)' }, minHeight: 640, overflow: 'hidden' }}>
        {desktop ? (
          <Box component="aside" aria-label={t('sidebarLabel')} sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', overflowY: 'auto' }}>
            {sidebar}
          </Box>
        ) : (
          <Drawer open={sidebarOpen} onClose={() => setSidebarOpen(false)} slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH }, 'aria-label': t('sidebarLabel') } }}>
            {sidebar}
          </Drawer>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', p: { xs: 1.5, sm: 2.5 }, gap: 1.5, position: 'relative' }}>
          {!desktop && (
            <Box>
              <IconButton onClick={() => setSidebarOpen(true)} aria-label={t('openSidebar')} data-testid="calendar-open-sidebar">
                <MenuIcon />
              </IconButton>
            </Box>
          )}
          {events.isFetching && <LinearProgress aria-label={t('loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
          {events.isError && <ListError error={events.error} onRetry={() => void events.refetch()} />}
          {empty && (
            <Alert severity="info" data-testid="calendar-empty">
              {selected.length === 0 ? t('emptyNoCalendars') : t('empty')}
            </Alert>
          )}
          <Box sx={{ flexGrow: 1, minHeight: { xs: 560, md: 0 }, fontSize: 14 }} data-testid="calendar-main">
            <FullCalendar
              ref={calendarRef}
              plugins={PLUGINS}
              initialView="dayGridMonth"
              headerToolbar={HEADER_TOOLBAR}
              height="100%"
              locale={locale}
              direction={theme.direction}
              events={calendarEvents}
              editable
              eventResizableFromStart
              eventInteractive
              dayMaxEvents
              navLinks
              nowIndicator
              dateClick={listeners.dateClick}
              eventClick={listeners.eventClick}
              eventDrop={listeners.eventDrop}
              eventResize={listeners.eventResize}
              datesSet={listeners.datesSet}
            />
          </Box>
        </Box>
      </Paper>
      {drawer.open !== undefined && 'key' in drawer && (
        <EventDrawer
          key={drawer.key}
          open={drawer.open}
          mode={drawer.mode}
          initial={drawer.initial}
          busy={busy}
          onClose={closeDrawer}
          onSubmit={submit}
          onDelete={remove}
        />
      )}
      <Snackbar open={toast !== null} autoHideDuration={4000} onClose={() => setToast(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
        {toast ? (
          <Alert severity={toast.severity} variant="filled" onClose={() => setToast(null)} data-testid="calendar-toast">
            {toast.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
