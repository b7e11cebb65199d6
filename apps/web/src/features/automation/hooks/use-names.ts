/**
 * Names of the ids a rule holds: outlets from the client details (every role), teammates from
 * the client's users (owners only: `GET /api/client-users` needs `read User`; other roles read
 * "a teammate"). Both lists are cached, so the screen asks each once.
 */
import { useAbility } from '@casl/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { clientDetailsQueryOptions } from '../../../lib/client-details.ts';
import { useTeammates, type Teammate } from '../api/get-teammates.ts';
import type { Names } from '../format.ts';

/** An outlet the pickers offer, with its brand (outlets are grouped by brand). */
export interface OutletOption {
  id: string;
  name: string;
  brandName: string;
}

export interface ScreenNames {
  names: Names;
  outlets: OutletOption[];
  teammates: Teammate[];
  /** Whether the teammates could be listed (an owner's call that succeeded). */
  teammatesKnown: boolean;
}

export function useNames(): ScreenNames {
  const ability = useAbility<AppAbility>();
  const details = useQuery(clientDetailsQueryOptions());
  const mayListUsers = ability.can('read', SUBJECTS.user);
  const teammatesQuery = useTeammates({ enabled: mayListUsers });
  return useMemo(() => {
    const outlets = (details.data?.client?.brands ?? []).flatMap((brand) => brand.outlets.map((outlet) => ({ id: outlet.id, name: outlet.name, brandName: brand.name })));
    const teammates = teammatesQuery.data ?? [];
    const outletById = new Map(outlets.map((o) => [o.id, o.name]));
    const teammateById = new Map(teammates.map((m) => [m.id, m.fullName]));
    return {
      names: { outlet: (id) => outletById.get(id), teammate: (id) => teammateById.get(id) },
      outlets,
      teammates,
      teammatesKnown: teammatesQuery.isSuccess,
    };
  }, [details.data, teammatesQuery.data, teammatesQuery.isSuccess]);
}
