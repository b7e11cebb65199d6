import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  ZCreateTicketRequest,
  ZCreateTicketResponse,
  ZErrorResponse,
  ZGetTicketRequest,
  ZListTicketsRequest,
  ZListTicketsResponse,
  ZSlaPolicyRequest,
  ZSlaPolicyResponse,
  ZTicket,
  ZTicketDetail,
  ZUpdateTicketRequest,
} from '@dinedesk/contracts';
import { createTicket, getTicket, listTickets, slaPolicy, updateTicket } from './tickets.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];

/**
 * Tickets (DineDesk's own calls, docs/decisions/0027). Reading needs `read Ticket`;
 * opening and working need `create`/`update Ticket` (all roles of the reviews module but
 * viewers); the SLA policy is set by owners (`manage Ticket`, checked by the service since
 * reading it is open to all).
 */
export async function ticketsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    API.ticketsList,
    {
      config: { need: { action: 'read', subject: 'Ticket', scope: 'client' } },
      schema: { tags: ['tickets'], summary: 'A view of the ticket queue (mine, open, closed, all), newest first, with the count of each view', security, body: ZListTicketsRequest, response: { 200: ZListTicketsResponse, ...errors } },
    },
    async (req) => listTickets(app.ctx, req.auth, req.body),
  );

  r.post(
    API.ticketGet,
    {
      config: { need: { action: 'read', subject: 'Ticket', scope: 'outlet' } },
      schema: { tags: ['tickets'], summary: 'One ticket with its activity log', security, body: ZGetTicketRequest, response: { 200: ZTicketDetail, ...errors } },
    },
    async (req) => getTicket(app.ctx, req.auth, req.body.ticketId),
  );

  r.post(
    API.ticketCreate,
    {
      config: { need: { action: 'create', subject: 'Ticket', scope: 'outlet' } },
      schema: {
        tags: ['tickets'],
        summary: 'Open a ticket from a complaint (one per complaint), a review, a conversation, or for an outlet',
        description: 'The SLA due time is now plus the client’s hours for the priority. From a complaint that has a ticket already, answers it with `created: false`.',
        security,
        body: ZCreateTicketRequest,
        response: { 200: ZCreateTicketResponse, ...errors },
      },
    },
    async (req) => createTicket(app.ctx, req.auth, req.body),
  );

  r.post(
    API.ticketUpdate,
    {
      config: { need: { action: 'update', subject: 'Ticket', scope: 'outlet' } },
      schema: { tags: ['tickets'], summary: 'Change a ticket: title, status, priority (moves the due time), assignee, watchers', security, body: ZUpdateTicketRequest, response: { 200: ZTicket, ...errors } },
    },
    async (req) => updateTicket(app.ctx, req.auth, req.body),
  );

  r.post(
    API.ticketSlaPolicy,
    {
      config: { need: { action: 'read', subject: 'Ticket', scope: 'client' } },
      schema: { tags: ['tickets'], summary: 'The client’s SLA hours per priority (get); owners set them (update)', security, body: ZSlaPolicyRequest, response: { 200: ZSlaPolicyResponse, ...errors } },
    },
    async (req) => slaPolicy(app.ctx, req.auth, req.body),
  );
}
