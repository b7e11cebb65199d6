/** `GET /api/audit-log` → who changed which access, roles and onboarding, newest first. */
import { API } from '@dinedesk/contracts';
import { ZAuditLogResponse } from '@dinedesk/contracts/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

export type AuditLogResponse = z.output<typeof ZAuditLogResponse>;

/** @throws {ApiError} with the server's message (403 without `read AuditLog`,
 *                    docs/requirements/errors.md). */
export function getAuditLog(signal?: AbortSignal): Promise<AuditLogResponse> {
  return getJson(API.auditLog, ZAuditLogResponse, undefined, signal);
}

export function auditLogQueryOptions() {
  return queryOptions({ queryKey: tenancyKeys.auditLog(), queryFn: ({ signal }) => getAuditLog(signal) });
}

export function useAuditLog() {
  return useQuery(auditLogQueryOptions());
}
