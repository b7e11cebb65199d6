/** Brands and outlets of the client (from `GET /api/get-client-details`), for access pickers. */
import { useQuery } from '@tanstack/react-query';
import { clientDetailsQueryOptions } from '../../../lib/client-details.ts';

/** The session's cached client details (lib/client-details.ts), narrowed to the brands. */
export const useClientOutlets = () =>
  useQuery({
    ...clientDetailsQueryOptions(),
    select: (d) => d.client?.brands ?? [],
  });
