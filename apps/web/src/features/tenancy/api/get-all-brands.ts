/** `POST /api/get-all-brands` (spec §7) → brands of the client the user may see. */
import { API, ZGetAllBrandsResponse } from '@dinedesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

export const useAllBrands = () =>
  useQuery({ queryKey: tenancyKeys.brands(), queryFn: ({ signal }) => postJson(API.getAllBrands, {}, ZGetAllBrandsResponse, signal) });
