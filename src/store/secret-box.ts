import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (connection headers). The 32-byte key lives in the data
 * directory, apart from the database; `context` is bound as associated data so a ciphertext
 * copied onto another row does not decrypt.
 *
 * Layout of a sealed value: 12-byte IV, 16-byte tag, ciphertext.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): Buffer;
  open(sealed: Buffer, context: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error(`The encryption key must be 32 bytes, got ${key.length}`);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    open(sealed, context) {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
