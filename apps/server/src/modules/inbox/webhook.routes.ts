import type { FastifyInstance } from 'fastify';
import { INBOX } from '@dinedesk/contracts';
import { ZWebhookBody, acceptDelivery, verifySignature } from './webhook.service.ts';

/**
 * Meta webhook endpoint (docs/requirements/platform-apis.md#webhooks): GET answers the subscription
 * handshake, POST takes signed deliveries: verified, stored raw and answered 200 at once; the
 * events are applied by the `inbox.process-webhook` job (Meta wants a fast 200 and retries
 * otherwise). The JSON parser is replaced in this plugin's scope so the signature
 * is checked over the raw bytes Meta signed; a bad or missing signature is 403 and nothing is
 * stored. Both routes take Meta's text (`textFromMeta`): cleaned before storage, never refused
 * by the input guard (plugins/input-guard.ts), since Meta retries a refused delivery; for the
 * same reason they are not counted by the API rate limit (plugins/rate-limit.ts).
 */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 4 * 1024 * 1024 }, (_req, body, done) => done(null, body));

  app.get(INBOX.webhook, { config: { need: 'public', textFromMeta: true, rateLimit: false }, schema: { tags: ['webhooks'], summary: 'Meta webhook verification handshake', hide: false } }, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    // Some frameworks turn the dots into underscores (docs/requirements/platform-apis.md#webhooks).
    const mode = q['hub.mode'] ?? q.hub_mode;
    const token = q['hub.verify_token'] ?? q.hub_verify_token;
    const challenge = q['hub.challenge'] ?? q.hub_challenge;
    if (mode === 'subscribe' && token === ctx.config.meta.webhookVerifyToken && challenge) return reply.type('text/plain').send(challenge);
    return reply.status(403).send({ message: 'Webhook verification failed: wrong hub.verify_token or hub.mode' });
  });

  app.post(INBOX.webhook, { config: { need: 'public', textFromMeta: true, rateLimit: false }, schema: { tags: ['webhooks'], summary: 'Meta webhook delivery (X-Hub-Signature-256 over the raw body)' } }, async (req, reply) => {
    const raw = req.body as Buffer;
    if (!Buffer.isBuffer(raw) || !verifySignature(ctx.config.graph.appSecret, raw, req.headers['x-hub-signature-256'] as string | undefined)) {
      return reply.status(403).send({ message: 'Invalid or missing X-Hub-Signature-256' });
    }
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return reply.status(400).send({ message: 'Request body is not valid JSON' });
    }
    const parsed = ZWebhookBody.safeParse(json);
    if (!parsed.success) return reply.status(400).send({ message: `Not a Meta webhook payload: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` });
    const { deliveryId, duplicate } = await acceptDelivery(ctx, raw, parsed.data.object);
    return { received: true, deliveryId, duplicate };
  });
}
