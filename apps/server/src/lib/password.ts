import { hash, verify } from '@node-rs/argon2';

/** argon2id with 19 MiB, t=2, p=1 (docs/requirements/quality-goals.md#security, OWASP Password
 * Storage Cheat Sheet). */
const ARGON2 = { algorithm: 2 as const, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

/**
 * Hashes a password for storage in `users.password_hash` (PHC string `$argon2id$…`). Whether the
 * password is strong enough is decided before, by lib/password-policy.ts.
 */
export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

/** Whether `password` matches a stored PHC hash (constant time within argon2). */
export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> => verify(passwordHash, password);
