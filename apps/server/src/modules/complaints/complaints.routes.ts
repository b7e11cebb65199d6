import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  ZComplaint,
  ZComplaintDetail,
  ZComplaintResponse,
  ZErrorResponse,
  ZFlagConversationRequest,
  ZGetComplaintRequest,
  ZLinkComplaintRequest,
  ZListComplaintsRequest,
  ZListComplaintsResponse,
  ZOpenFromReviewRequest,
  ZRootCausesRequest,
  ZRootCausesResponse,
  ZUpdateComplaintRequest,
} from '@dinedesk/contracts';
import { flagConversation, getComplaint, linkSource, listComplaints, openFromReview, rootCauses, updateComplaint } from './complaints.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];

/**
 * Complaints (DineDesk's own calls, docs/decisions/0026). Reading needs
 * `read Complaint`; opening, flagging, linking and updating need `create`/`update Complaint`
 * (all roles of the reviews module but viewers); root causes are changed by owners.
 */
export async function complaintsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { action: 'read', subject: 'Complaint', scope: 'outlet' } as const;

  r.post(
    API.complaintsList,
    {
      config: { need: { ...read, scope: 'client' } },
      schema: { tags: ['complaints'], summary: 'The complaints the caller may see, newest first, with counts per status', security, body: ZListComplaintsRequest, response: { 200: ZListComplaintsResponse, ...errors } },
    },
    async (req) => listComplaints(app.ctx, req.auth, req.body),
  );

  r.post(
    API.complaintGet,
    {
      config: { need: read },
      schema: { tags: ['complaints'], summary: 'One complaint with its timeline: reviews and replies, messages, activity', security, body: ZGetComplaintRequest, response: { 200: ZComplaintDetail, ...errors } },
    },
    async (req) => getComplaint(app.ctx, req.auth, req.body.complaintId),
  );

  r.post(
    API.complaintUpdate,
    {
      config: { need: { action: 'update', subject: 'Complaint', scope: 'outlet' } },
      schema: { tags: ['complaints'], summary: 'Change the status, assignee or root cause of a complaint', security, body: ZUpdateComplaintRequest, response: { 200: ZComplaint, ...errors } },
    },
    async (req) => updateComplaint(app.ctx, req.auth, req.body),
  );

  r.post(
    API.complaintFromReview,
    {
      config: { need: { action: 'create', subject: 'Complaint', scope: 'outlet' } },
      schema: {
        tags: ['complaints'],
        summary: 'Turn a review into a complaint, or answer the complaint it belongs to (created: false)',
        security,
        body: ZOpenFromReviewRequest,
        response: { 200: ZComplaintResponse, ...errors },
      },
    },
    async (req) => openFromReview(app.ctx, req.auth, req.body.reviewId),
  );

  r.post(
    API.complaintFlagConversation,
    {
      config: { need: { action: 'create', subject: 'Complaint', scope: 'outlet' } },
      schema: {
        tags: ['complaints'],
        summary: 'Flag an inbox conversation as a complaint: joins the guest’s complaint from a review when there is one',
        security,
        body: ZFlagConversationRequest,
        response: { 200: ZComplaintResponse, ...errors },
      },
    },
    async (req) => flagConversation(app.ctx, req.auth, req.body),
  );

  r.post(
    API.complaintLink,
    {
      config: { need: { action: 'update', subject: 'Complaint', scope: 'outlet' } },
      schema: {
        tags: ['complaints'],
        summary: 'Attach a review or a conversation of the same outlet to a complaint',
        security,
        body: ZLinkComplaintRequest,
        response: { 200: ZComplaintResponse, 409: ZErrorResponse, ...errors },
      },
    },
    async (req) => linkSource(app.ctx, req.auth, req.body),
  );

  r.post(
    API.complaintRootCauses,
    {
      config: { need: { ...read, scope: 'client' } },
      schema: {
        tags: ['complaints'],
        summary: 'The client’s root causes (request: list); owners add and remove their own',
        description: 'Adding and removing needs `manage Complaint` (owners), checked by the service since listing does not.',
        security,
        body: ZRootCausesRequest,
        response: { 200: ZRootCausesResponse, ...errors },
      },
    },
    async (req) => rootCauses(app.ctx, req.auth, req.body),
  );
}
