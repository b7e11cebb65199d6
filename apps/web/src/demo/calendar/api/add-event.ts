/** `POST /apps/calendar/add-event {event}` (docs/requirements/calls.md) → 201 `{event}` with its
 * new id. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { CALENDAR_API, ZEventResponse, type TCalendarEvent, type TNewCalendarEvent } from '../schema.ts';
import { calendarKeys } from './keys.ts';

/** Adds `event`; answers it as stored (with its id). @throws {DemoRequestError} */
export async function addEvent(event: TNewCalendarEvent): Promise<TCalendarEvent> {
  const answer = await demoRequest(CALENDAR_API.addEvent, ZEventResponse, { method: 'POST', body: { event } });
  return answer.event;
}

/** The add mutation; refetches the events afterwards. */
export function useAddEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
