import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing (lib/)', () => {
  it('stores argon2id with 19 MiB, t=2, p=1 and verifies only the same password', async () => {
    const stored = await hashPassword('violet-harbour-lantern');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'violet-harbour-lantern')).toBe(true);
    expect(await verifyPassword(stored, 'violet-harbour-lanterN')).toBe(false);
  });
});
