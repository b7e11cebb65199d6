/** `GET /api/audit-log` → who changed which access, roles and onboarding, newest first. */
import { API, ZAuditLogResponse } from '@dinedesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

export const useAuditLog = () => useQuery({ queryKey: tenancyKeys.auditLog(), queryFn: ({ signal }) => getJson(API.auditLog, ZAuditLogResponse, undefined, signal) });
