import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { judgePassword, MIN_PASSWORD_LENGTH, PUBLIC_PASSWORDS } from './password-policy.ts';
import { requestLanguage } from './request-language.ts';

describe('judgePassword (zxcvbn score ≥ 3 and at least 10 characters)', () => {
  it.each(['password', '12345678', '        '])('refuses %j, saying why', (weak) => {
    const verdict = judgePassword(weak, [], 'en');
    expect(verdict.ok).toBe(false);
    expect(verdict.message).toMatch(/^The password is too short: use at least 10 characters\./);
  });

  it('refuses a long but guessable password with zxcvbn’s warning and suggestion', () => {
    const verdict = judgePassword('password1234', [], 'en');
    expect(verdict).toMatchObject({ ok: false });
    expect(verdict.score).toBeLessThan(3);
    expect(verdict.message).toMatch(/^The password is too easy to guess\. .+/);
  });

  it('counts the user’s own email and name as guessable', () => {
    expect(judgePassword('Priya Sharma', [], 'en').ok).toBe(true);
    expect(judgePassword('Priya Sharma', ['priya@spice-route.demo', 'Priya Sharma'], 'en').ok).toBe(false);
    expect(judgePassword('spice-route', ['priya@spice-route.demo'], 'en').ok).toBe(false);
  });

  it('refuses the README’s public demo password and small changes of it', () => {
    expect(PUBLIC_PASSWORDS).toContain(DEMO_PASSWORD);
    for (const pw of [DEMO_PASSWORD, 'dinedesk-demo-2026', 'DINEDESK-DEMO-2026', 'D1neDesk-dem0-2026', '6202-omed-ksedeniD']) {
      expect(judgePassword(pw, [], 'en'), pw).toMatchObject({ ok: false });
    }
  });

  it('counts the client’s name as guessable', () => {
    expect(judgePassword('DeccanTableGroup', ['ravi@example.com', 'Ravi Kumar'], 'en').ok).toBe(true);
    expect(judgePassword('DeccanTableGroup', ['ravi@example.com', 'Ravi Kumar', 'Deccan Table Group'], 'en').ok).toBe(false);
  });

  it('accepts a strong one', () => {
    expect(judgePassword('violet-harbour-lantern', ['priya@spice-route.demo'], 'en')).toEqual({ ok: true, score: 4, message: null });
    expect([...'violet-harbour-lantern'].length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
  });

  it('answers in German, French and Portuguese', () => {
    expect(judgePassword('password', [], 'de').message).toBe('Das Passwort ist zu kurz: Verwenden Sie mindestens 10 Zeichen. Dies ist ein sehr häufig verwendetes Passwort.');
    expect(judgePassword('password1234', [], 'fr').message).toMatch(/^Le mot de passe est trop facile à deviner\./);
    expect(judgePassword('12345678', [], 'pt').message).toMatch(/^A senha é curta demais: use pelo menos 10 caracteres\./);
  });
});

describe('requestLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['de-CH, de;q=0.9, en;q=0.8', 'de'],
    ['fr;q=0.5, pt-BR;q=0.8', 'pt'],
    ['ja, fr;q=0.4', 'fr'],
    ['de;q=0, fr', 'fr'],
    ['*', 'en'],
    [['es', 'pt'], 'pt'],
  ] as const)('%j → %s', (header, expected) => {
    expect(requestLanguage(header as string | string[] | undefined)).toBe(expected);
  });
});
