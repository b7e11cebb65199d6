import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts Facebook/Google tokens at rest with AES-256-GCM
 * (docs/requirements/quality-goals.md#security: tokens encrypted at rest, never logged, never sent
 * to the browser). Format: `v1.<iv>.<tag>.<data>` in base64url.
 */
export class TokenCipher {
  private readonly key: Buffer;
  constructor(hexKey: string) {
    this.key = Buffer.from(hexKey, 'hex');
    if (this.key.length !== 32) throw new Error('token encryption key must be 32 bytes');
  }
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }
  /** @throws Error when the value was not produced with this key (tampered or key changed). */
  decrypt(sealed: string): string {
    const [v, iv, tag, data] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || !data) throw new Error('unrecognised sealed token');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
