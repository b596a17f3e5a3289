import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { SecretBox } from '../../../web/core/secrets/SecretBox'

const PREFIX = 'quire-sealed:v1:'
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * The server's SecretBox: AES-256-GCM under the server's secret key (`loadSecretKey`), a fresh
 * random 96-bit nonce per seal, sealed text `quire-sealed:v1:<base64url(nonce | tag | ciphertext)>`.
 * `context` (the owner's user id) is bound as additional data, so a sealed key copied into another
 * person's database does not open there. Opening fails (rejects) on a wrong key, a wrong context or
 * any altered byte: GCM authenticates the whole.
 */
export function aesGcmSecretBox(key: Buffer, context: string): SecretBox {
  if (key.length !== 32) throw new RangeError(`AES-256-GCM needs a 32-byte key, got ${key.length}`)
  const aad = Buffer.from(`quire secret for ${context}`, 'utf8')
  return {
    async seal(plain) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(aad)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    async open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('Not a sealed secret')
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url')
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('A sealed secret is truncated')
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
      decipher.setAAD(aad)
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8')
    },
    isSealed: (text) => text.startsWith(PREFIX),
  }
}
