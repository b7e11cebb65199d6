/**
 * `POST /apps/calendar/update-event {event}` (docs/requirements/calls.md): the drawer's Update, and
 * a drag or a resize on the calendar. The cached lists show the change at once (FullCalendar has
 * already moved the event), are rolled back if the call fails, and are refetched afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { CALENDAR_API, ZEventResponse, type TCalendarEvent } from '../schema.ts';
import { calendarKeys } from './keys.ts';

/** Replaces the stored event with `event`. @throws {DemoRequestError} (404: no such event) */
export async function updateEvent(event: TCalendarEvent): Promise<TCalendarEvent> {
  const answer = await demoRequest(CALENDAR_API.updateEvent, ZEventResponse, { method: 'POST', body: { event } });
  return answer.event;
}

/** The update mutation with its optimistic change and rollback. */
export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onMutate: async (event) => {
      await queryClient.cancelQueries({ queryKey: calendarKeys.all });
      const previous = queryClient.getQueriesData<TCalendarEvent[]>({ queryKey: calendarKeys.all });
      queryClient.setQueriesData<TCalendarEvent[]>({ queryKey: calendarKeys.all }, (events) =>
        events?.map((candidate) => (candidate.id === event.id ? event : candidate)),
      );
      return { previous };
    },
    onError: (_error, _event, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
