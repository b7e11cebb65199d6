/** `DELETE /apps/calendar/remove-event?id=` (docs/requirements/calls.md). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { CALENDAR_API, ZRemoveEventResponse } from '../schema.ts';
import { calendarKeys } from './keys.ts';

/** Removes event `id`; answers the id. @throws {DemoRequestError} (404: no such event) */
export async function removeEvent(id: number): Promise<number> {
  const query = new URLSearchParams({ id: String(id) });
  const answer = await demoRequest(`${CALENDAR_API.removeEvent}?${query.toString()}`, ZRemoveEventResponse, { method: 'DELETE' });
  return answer.id;
}

/** The remove mutation; refetches the events afterwards. */
export function useRemoveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
