import type { TGetAllBrandsResponse, TMyClientsResponse, TRole } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { roleIn } from '../access/index.ts';
import type { AuthContext } from '../access/index.ts';
import * as repo from './tenancy.repository.ts';

/** Clients: their brands as the caller sees them, and the clients a caller may switch to (0011). */

/**
 * `POST /api/get-all-brands`: brands of the session's client with an outlet the caller may see.
 * @throws 404 "Client not found" for another client's id (docs/decisions/0004)
 */
export async function getAllBrands(ctx: AppContext, auth: AuthContext, clientIdParam: string | undefined): Promise<TGetAllBrandsResponse> {
  const clientId = auth.clientId;
  if (!clientId || (clientIdParam && clientIdParam !== clientId)) throw notFound('Client not found');
  return { data: await repo.brandsWithOutletCounts(ctx.db, clientId, auth.outletIds) };
}

/** Clients the caller may switch to: memberships, or every client for a super admin. */
export async function myClients(ctx: AppContext, auth: AuthContext): Promise<TMyClientsResponse> {
  if (auth.role === 'super_admin') {
    const rows = await repo.allClients(ctx.db);
    return { data: rows.map((r) => ({ ...r, role: 'super_admin' as const, current: r.id === auth.clientId })) };
  }
  const rows = await repo.memberClients(ctx.db, auth.userId);
  return { data: rows.map((r) => ({ id: r.id, name: r.name, role: r.role as TRole, current: r.id === auth.clientId })) };
}

/**
 * The user and client a switch may act for (`get-access-token-by-client-id`): a member of that
 * client, or a super admin for any existing client.
 * @throws 404 "Client not found" otherwise (also for clients that exist elsewhere, 0004)
 */
export async function switchTarget(ctx: AppContext, auth: AuthContext, clientId: string) {
  const user = await repo.userById(ctx.db, auth.userId);
  if (!user) throw notFound('Client not found');
  if (user.isSuperAdmin) {
    if (!(await repo.clientExists(ctx.db, clientId))) throw notFound('Client not found');
  } else if (!(await roleIn(ctx.db, clientId, user.id))) throw notFound('Client not found');
  return user;
}
