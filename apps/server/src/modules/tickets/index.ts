/**
 * The tickets module's front door. Tickets and their SLA timers (docs/decisions/0027).
 *
 * Offers: creating and updating tickets, the SLA and breach mail jobs, SLA counts per outlet, the
 * demo tickets job, and the release of tickets out of a role's sight.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { demoTicketsJob } from './tickets.demo.ts';
export { slaCountsByOutlet, slaTickets } from './tickets.repository.ts';
export { breachEmailJob, createTicket, dueSoonLimit, releaseTicketsOutOfSight, ticketSlaJob, updateTicket } from './tickets.service.ts';
