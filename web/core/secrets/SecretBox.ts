/**
 * The port behind keys stored at rest: the sync server seals them with AES-256-GCM under its own key
 * (`sync-server/src/secrets/aesGcmSecretBox.ts`); the browser keeps keys as the person's own device
 * keeps everything else, and has none. Core code only ever calls these three.
 */
export interface SecretBox {
  /** The key sealed as text that is safe to store (it names its format, so `isSealed` can tell). */
  seal(plain: string): Promise<string>
  /** The key back. Rejects when the text was not sealed by this box's key (changed, or tampered). */
  open(sealed: string): Promise<string>
  /** Whether stored text is a sealed key (rather than one a version before sealing stored in clear). */
  isSealed(text: string): boolean
}
