/**
 * `/extensions/drag-and-drop`: a kitchen board with @dnd-kit. Order tickets are sortable cards
 * in three columns (new, cooking, ready); a card moves within its column or to another with
 * the pointer, or with the keyboard (focus a card, Space to lift, arrows to move, Space to drop,
 * Esc to cancel: KeyboardSensor with sortableKeyboardCoordinates). Screen readers hear where the
 * card is through dnd-kit's announcements, in the page's language.
 */
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShowcasePage } from '../../components/showcase-page.tsx';

const COLUMNS = ['new', 'cooking', 'ready'] as const;
type Column = (typeof COLUMNS)[number];

interface Ticket {
  id: string;
  table: number;
  dish: string;
}

type Board = Record<Column, Ticket[]>;

/** The board's first state (fixed sample tickets). */
const INITIAL_BOARD: Board = {
  new: [
    { id: 'T-101', table: 4, dish: 'Margherita pizza' },
    { id: 'T-102', table: 7, dish: 'Grilled sea bass' },
    { id: 'T-103', table: 2, dish: 'Tomato bruschetta' },
  ],
  cooking: [
    { id: 'T-098', table: 9, dish: 'Wild mushroom risotto' },
    { id: 'T-099', table: 1, dish: 'Burrata & peach' },
  ],
  ready: [{ id: 'T-095', table: 5, dish: 'Tiramisu' }],
};

function columnOf(board: Board, id: UniqueIdentifier): Column | undefined {
  if ((COLUMNS as readonly UniqueIdentifier[]).includes(id)) return id as Column;
  return COLUMNS.find((column) => board[column].some((ticket) => ticket.id === id));
}

function TicketCard({ ticket, overlay = false }: { ticket: Ticket; overlay?: boolean }) {
  const { t } = useTranslation('demo-extensions');
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'center', bgcolor: 'background.paper', boxShadow: overlay ? 6 : 0, cursor: overlay ? 'grabbing' : 'grab' }}
    >
      <DragIndicator color="action" aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{ticket.dish}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dnd.table', { table: ticket.table })}
        </Typography>
      </Box>
      <Chip size="small" label={ticket.id} />
    </Paper>
  );
}

function SortableTicket({ ticket, column }: { ticket: Ticket; column: Column }) {
  const { t } = useTranslation('demo-extensions');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: ticket.id });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('dnd.cardLabel', { dish: ticket.dish, table: ticket.table, column: t(`dnd.columns.${column}`) })}
      data-testid={`dnd-card-${ticket.id}`}
      sx={(theme) => ({
        listStyle: 'none',
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : 1,
        touchAction: 'none',
        borderRadius: 1,
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      })}
    >
      <TicketCard ticket={ticket} />
    </Box>
  );
}

function BoardColumn({ column, tickets }: { column: Column; tickets: Ticket[] }) {
  const { t } = useTranslation('demo-extensions');
  const { setNodeRef, isOver } = useDroppable({ id: column });
  const title = t(`dnd.columns.${column}`);
  return (
    <Paper component="section" aria-label={title} data-testid={`dnd-column-${column}`} sx={{ p: 2, flex: 1, minWidth: 240, bgcolor: isOver ? 'action.hover' : 'background.paper' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
        <Chip size="small" color="primary" label={tickets.length} aria-label={t('dnd.count', { count: tickets.length })} />
      </Stack>
      <SortableContext id={column} items={tickets.map((ticket) => ticket.id)} strategy={verticalListSortingStrategy}>
        <Stack component="ul" ref={setNodeRef} spacing={1} sx={{ m: 0, p: 0, minHeight: 120 }}>
          {tickets.map((ticket) => (
            <SortableTicket key={ticket.id} ticket={ticket} column={column} />
          ))}
        </Stack>
      </SortableContext>
    </Paper>
  );
}

/** The drag-and-drop page (see the module comment). */
export default function DragAndDropPage() {
  const { t } = useTranslation('demo-extensions');
  const [board, setBoard] = useState<Board>(INITIAL_BOARD);
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const find = (id: UniqueIdentifier) => COLUMNS.flatMap((column) => board[column]).find((ticket) => ticket.id === id);
  const dishOf = (id: UniqueIdentifier) => find(id)?.dish ?? String(id);
  const placeOf = (id: UniqueIdentifier | undefined) => {
    if (id === undefined) return '';
    const column = columnOf(board, id);
    if (!column) return '';
    const index = board[column].findIndex((ticket) => ticket.id === id);
    return t('dnd.place', { column: t(`dnd.columns.${column}`), position: index < 0 ? board[column].length + 1 : index + 1 });
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.announce.start', { dish: dishOf(active.id), place: placeOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('dnd.announce.over', { dish: dishOf(active.id), place: placeOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('dnd.announce.end', { dish: dishOf(active.id), place: placeOf(over.id) }) : t('dnd.announce.cancel', { dish: dishOf(active.id) })),
    onDragCancel: ({ active }) => t('dnd.announce.cancel', { dish: dishOf(active.id) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => setActiveId(active.id);

  /** `board` with the ticket `activeId` moved next to `overId` (a ticket or a column). */
  const moved = (current: Board, activeId: UniqueIdentifier, overId: UniqueIdentifier): Board => {
    const from = columnOf(current, activeId);
    const to = columnOf(current, overId);
    if (!from || !to) return current;
    const fromIndex = current[from].findIndex((ticket) => ticket.id === activeId);
    const overIndex = current[to].findIndex((ticket) => ticket.id === overId);
    if (from === to) return fromIndex >= 0 && overIndex >= 0 && fromIndex !== overIndex ? { ...current, [from]: arrayMove(current[from], fromIndex, overIndex) } : current;
    const moving = current[from][fromIndex];
    if (!moving) return current;
    const index = overIndex < 0 ? current[to].length : overIndex;
    return {
      ...current,
      [from]: current[from].filter((ticket) => ticket.id !== activeId),
      [to]: [...current[to].slice(0, index), moving, ...current[to].slice(index)],
    };
  };

  // Moving into another column happens while dragging, so the card makes room there.
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setBoard((current) => (columnOf(current, active.id) === columnOf(current, over.id) ? current : moved(current, active.id, over.id)));
  };

  // The drop settles the order (and the column, when a quick keyboard drop beat onDragOver).
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    if (over) setBoard((current) => moved(current, active.id, over.id));
  };

  const active = activeId === null ? undefined : find(activeId);
  return (
    <ShowcasePage target="dragAndDrop" subtitle={t('dnd.lead')} testId="extensions-drag-and-drop">
      <Typography id="dnd-instructions" variant="body2" color="text.secondary">
        {t('dnd.instructions')}
      </Typography>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
          {COLUMNS.map((column) => (
            <BoardColumn key={column} column={column} tickets={board[column]} />
          ))}
        </Stack>
        <DragOverlay>{active ? <TicketCard ticket={active} overlay /> : null}</DragOverlay>
      </DndContext>
    </ShowcasePage>
  );
}
