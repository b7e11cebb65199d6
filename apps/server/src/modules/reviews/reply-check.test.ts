import { describe, expect, it } from 'vitest';
import { checkReply, similarity } from './reply-check.ts';

const codes = (message: string, recent: string[] = []) => checkReply(message, recent).map((w) => w.code);
const GOOD = 'So sorry the biryani arrived cold on Saturday; we have spoken to the kitchen about holding times.';

describe('the reply check', () => {
  it('lets a reply about what the guest wrote go out as is', () => {
    expect(codes(GOOD, ['Thank you for the kind words about our kebabs, Ravi!'])).toEqual([]);
    expect(codes('Thank you for visiting 13 Dhaba!')).toEqual([]);
  });

  it('warns when the wording repeats one of the last 20 replies, whatever the case and punctuation', () => {
    expect(codes('so sorry the Biryani arrived cold on saturday - we have spoken to the kitchen about holding times', [GOOD])).toEqual(['repeats_recent']);
    // One word changed still reads as the same reply.
    expect(codes(GOOD.replace('Saturday', 'Sunday'), ['Another reply', GOOD])).toEqual(['repeats_recent']);
    // Only the 20 latest count.
    expect(codes(GOOD, [...Array.from({ length: 20 }, (_, i) => `Reply number ${i} about something else entirely`), GOOD])).toEqual([]);
    expect(similarity('abc', 'abc')).toBe(1);
    expect(similarity('', '')).toBe(1);
  });

  it('warns about phone numbers, emails and links', () => {
    for (const text of [
      'Please call us on 98765 43210 so we can make it right.',
      'Call +91 40 2345 6789 and ask for the manager.',
      'Write to manager@spice-route.example so we can make it right.',
      'See our new menu at www.spiceroute.in/menu please.',
      'Our menu: https://example.com/menu, see you soon with the new dishes.',
    ]) {
      expect(codes(text), text).toEqual(['contact_details']);
    }
    expect(checkReply('Call 98765 43210 or write to a@b.example', [])[0]!.message).toMatch(/an email address and a phone number|a phone number and an email address/);
    // Numbers that are not phone numbers.
    expect(codes('We served 120 guests on Saturday and 2 of the dishes ran out.')).toEqual([]);
    expect(codes('We refunded order 1795623582614 and bill 202405311234 today.')).toEqual([]);
  });

  it('warns when the reply is only thanks and greetings, in the four languages', () => {
    for (const text of ['Thanks!', 'Thank you for your review.', 'Danke für Ihre Bewertung!', 'Merci beaucoup pour votre avis.', 'Obrigado pela sua avaliação!', '🙏🙏', '...']) {
      expect(codes(text), text).toEqual(['no_substance']);
    }
  });

  it('keeps a long reply fast (8,000 characters against 20 of the same length)', () => {
    const long = 'The paneer was cold and we are sorry. '.repeat(210).slice(0, 8000);
    const recent = Array.from({ length: 20 }, (_, i) => `${i} ${long}`.slice(0, 8000).replace(/cold/g, 'late'));
    const started = performance.now();
    checkReply(long, recent);
    // A generous ceiling: the check runs inside a request.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
