/**
 * The simulator's control API for tests and demos (not part of Graph), under `/__sim`:
 *   GET  /__sim/health          → {ok:true}
 *   GET  /__sim/test-users      → [{id,name,accessToken}]
 *   POST /__sim/guest-comment   {storyId,name,message} → {id}   (404 unknown story)
 *   GET  /__sim/switches        → {ratingsDeprecatedFrom, callsPerHour}
 *   PUT  /__sim/switches        {ratingsDeprecatedFrom?: number|null, callsPerHour?: number}
 * Validation errors answer 400 `{error: "<what is wrong>"}`.
 */
import { fbUserIdFor } from '@dinedesk/demo-data';
import type { FastifyInstance } from 'fastify';
import { addGuestComment } from './graph/comments.ts';
import type { SimCore } from './graph/core.ts';

/** Control operations, shared by the JS API (`MetaSim`) and the HTTP routes. */
export interface SimControl {
  testUsers(): { id: string; name: string; accessToken: string }[];
  /** @throws Error when the story does not exist or the message is empty */
  addGuestComment(storyId: string, name: string, message: string): { id: string };
  setRatingsDeprecatedFrom(version: number | null): void;
  setCallsPerHour(calls: number): void;
  switches(): { ratingsDeprecatedFrom: number | null; callsPerHour: number };
}

/** Builds the control operations over the simulator core. */
export function createControl(sim: SimCore, initialCallsPerHour: number): SimControl {
  let callsPerHour = initialCallsPerHour;
  return {
    testUsers() {
      // A user token past its 60 days is replaced here, as if the test user logged in again.
      sim.tokens.ensureIssued();
      return [...sim.seed.users.values()].map((u) => ({ id: u.id, name: u.name, accessToken: sim.tokens.userToken(u.id).token }));
    },
    addGuestComment(storyId, name, message) {
      if (!name.trim()) throw new Error('name must not be empty');
      if (!message.trim()) throw new Error('message must not be empty');
      const c = addGuestComment(sim, storyId, { id: fbUserIdFor(name), name }, message);
      if (!c) throw new UnknownStoryError(storyId);
      return { id: c.id };
    },
    setRatingsDeprecatedFrom(version) {
      if (version !== null && !(Number.isInteger(version) && version > 0)) throw new Error('ratingsDeprecatedFrom must be a positive integer or null');
      sim.switches.ratingsDeprecatedFrom = version;
    },
    setCallsPerHour(calls) {
      if (!(Number.isInteger(calls) && calls > 0)) throw new Error('callsPerHour must be a positive integer');
      callsPerHour = calls;
      sim.usage.setBudget(calls);
    },
    switches: () => ({ ratingsDeprecatedFrom: sim.switches.ratingsDeprecatedFrom, callsPerHour }),
  };
}

/** Thrown by `addGuestComment` for a story id the seed does not have (HTTP 404). */
export class UnknownStoryError extends Error {
  constructor(storyId: string) {
    super(`no review story with id ${storyId}`);
    this.name = 'UnknownStoryError';
  }
}

function asRecord(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Registers the `/__sim` routes. */
export function registerControlRoutes(app: FastifyInstance, control: SimControl): void {
  const fail = (status: number, message: string) => ({ status, body: { error: message } });
  const run = <T>(fn: () => T): { status: number; body: T | { error: string } } => {
    try {
      return { status: 200, body: fn() };
    } catch (e) {
      return fail(e instanceof UnknownStoryError ? 404 : 400, (e as Error).message);
    }
  };

  app.get('/__sim/health', async () => ({ ok: true }));
  app.get('/__sim/test-users', async () => control.testUsers());
  app.post('/__sim/guest-comment', async (req, reply) => {
    const b = asRecord(req.body);
    const { storyId, name, message } = b;
    if (typeof storyId !== 'string' || typeof name !== 'string' || typeof message !== 'string') {
      return reply.code(400).send({ error: 'storyId, name and message must be strings' });
    }
    const r = run(() => control.addGuestComment(storyId, name, message));
    return reply.code(r.status).send(r.body);
  });
  app.get('/__sim/switches', async () => control.switches());
  app.put('/__sim/switches', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      if ('ratingsDeprecatedFrom' in b) {
        const v = b.ratingsDeprecatedFrom;
        if (v !== null && typeof v !== 'number') throw new Error('ratingsDeprecatedFrom must be a number or null');
        control.setRatingsDeprecatedFrom(v);
      }
      if ('callsPerHour' in b) {
        if (typeof b.callsPerHour !== 'number') throw new Error('callsPerHour must be a number');
        control.setCallsPerHour(b.callsPerHour);
      }
      return control.switches();
    });
    return reply.code(r.status).send(r.body);
  });
  app.all('/__sim/*', async (_req, reply) => reply.code(404).send({ error: 'unknown control route' }));
}
