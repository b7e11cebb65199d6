import PQueue from 'p-queue';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resolveGuestName } from './inbox-sync.service.ts';

/**
 * Looks up the names of guests new to DineDesk (webhooks carry only a PSID/IGSID) in the
 * background, within Meta's Conversations API limit of 2 calls per second per Page
 * (external-apis.md §3 "Rate limits"): one p-queue per Page. A conversation already queued is
 * not queued again; a found name is stored and published as a conversation event.
 */
export class GuestNameResolver {
  private readonly queues = new Map<string, PQueue>();
  private readonly pending = new Set<number>();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  enqueue(pageId: string, conversationId: number): void {
    if (this.pending.has(conversationId)) return;
    this.pending.add(conversationId);
    let queue = this.queues.get(pageId);
    if (!queue) {
      queue = new PQueue({ concurrency: 1, intervalCap: 2, interval: 1000 });
      this.queues.set(pageId, queue);
    }
    void queue
      .add(async () => {
        // Publishes the name's event itself, once the name and its event have committed.
        await resolveGuestName(this.ctx, conversationId);
      })
      .catch((err) => this.log.warn({ err, conversationId }, 'guest name lookup failed'))
      .finally(() => this.pending.delete(conversationId));
  }

  /** Waits for queued lookups (graceful shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.onIdle()));
  }
  clear(): void {
    for (const q of this.queues.values()) q.clear();
  }
}
