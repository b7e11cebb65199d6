import { describe, expect, it } from 'vitest';
import { GraphError } from './graph-client.ts';
import { graphWriteRefusal, rateLimitWaitSeconds, tokenDeathMessage, tokenDeathReason } from './graph-errors.ts';

const err = (code: number, opts: { status?: number; subcode?: number; regainSeconds?: number; message?: string } = {}) =>
  new GraphError(opts.message ?? `(#${code}) refused`, opts.status ?? 400, code, opts.subcode ?? null, 'OAuthException', 'T', { percent: 100, regainSeconds: opts.regainSeconds ?? null });

describe('rateLimitWaitSeconds', () => {
  const bounds = { minSeconds: 60, maxSeconds: 3600 };
  it('honours Graph’s estimated_time_to_regain_access within the bounds', () => {
    expect(rateLimitWaitSeconds(err(32, { regainSeconds: 7 * 60 }), bounds)).toBe(420);
    expect(rateLimitWaitSeconds(err(32, { regainSeconds: 24 * 3600 }), bounds)).toBe(3600);
    expect(rateLimitWaitSeconds(err(32, { regainSeconds: 60 }), { minSeconds: 1, maxSeconds: 2 })).toBe(2);
  });
  it('waits the minimum when Graph gave no estimate (X-App-Usage has none)', () => {
    expect(rateLimitWaitSeconds(err(4), bounds)).toBe(60);
    expect(rateLimitWaitSeconds(err(17), { minSeconds: 5, maxSeconds: 10 })).toBe(5);
  });
});

describe('plain words for Graph failures', () => {
  it('names what each 190 subcode means, and a token without one as revoked', () => {
    expect(tokenDeathReason(460)).toMatch(/password .* was changed/);
    expect(tokenDeathReason(458)).toMatch(/app was removed/);
    expect(tokenDeathReason(463)).toMatch(/expired/);
    expect(tokenDeathReason(null)).toMatch(/revoked/);
    expect(tokenDeathMessage(err(190, { subcode: 460 }))).toMatch(/^Facebook rejected this page’s access token: the password .* \(error 190\/460\)\. DineDesk stopped calling Facebook for this page; reconnect it/);
  });

  it('answers a refused write: 409 for a dead token, 503 with Retry-After for throttling and outages, 502 otherwise', () => {
    const dead = graphWriteRefusal(err(190, { subcode: 467 }), 'reply', 'reply to its reviews');
    expect(dead).toMatchObject({ statusCode: 409, extra: { code: 'graph_190' } });
    expect(dead.message).toMatch(/logged out.*Reconnect the page to reply to its reviews\./);
    const limited = graphWriteRefusal(err(32, { regainSeconds: 300 }), 'message', 'send messages');
    expect(limited).toMatchObject({ statusCode: 503, extra: { code: 'graph_32', retryAfterSeconds: 300 } });
    expect(limited.message).toBe('Facebook is rate-limiting this page (error 32), so the message was not sent. Try again in about 5 minutes.');
    expect(graphWriteRefusal(err(613), 'message', 'send messages').extra.retryAfterSeconds).toBe(60);
    const down = graphWriteRefusal(new GraphError('Facebook could not be reached: ECONNREFUSED', 0, -1, null, 'NetworkError', null), 'reply', 'reply');
    expect(down).toMatchObject({ statusCode: 503, extra: { code: 'graph_unavailable', retryAfterSeconds: 30 } });
    const refused = graphWriteRefusal(err(100, { message: '(#100) Missing message or attachment' }), 'reply', 'reply');
    expect(refused).toMatchObject({ statusCode: 502, message: 'Facebook did not accept the reply: (#100) Missing message or attachment', extra: { code: 'graph_100' } });
  });
});
