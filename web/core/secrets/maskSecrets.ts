import { keyHint } from './keyHint'
import { isPlainObject, isSecretField, SETTING_SECRET_NAMES, type SecretNames } from './secretFields'

/** What a key needs to look like one: no spaces, and not so short it can only be a placeholder. */
const WELL_FORMED = /^\S{8,}$/u

/**
 * A value as reads show it: every secret (of `names`; a setting's by default, see secretFields:
 * `token`, `password`... as well as API keys) replaced by its hint (`…abcd`; an empty key stays `''`),
 * and each object that holds a key given BrainDrive's read-only flags beside it: `_has_key` (a key
 * is set) and `_key_valid` (every key set is well formed: 8 or more characters, no spaces; a
 * provider's own rules are not known here). BrainDrive's key settings components read exactly
 * these. Writing the masked value back keeps the key (see keepSecrets).
 */
export function maskSecrets(value: unknown, names: SecretNames = SETTING_SECRET_NAMES): unknown {
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, names))
  if (!isPlainObject(value)) return value
  const fields: Record<string, unknown> = {}
  const keys: string[] = []
  for (const [name, field] of Object.entries(value)) {
    if (isSecretField(name, field, names)) {
      keys.push(field)
      fields[name] = field === '' ? '' : keyHint(field)
    } else {
      fields[name] = maskSecrets(field, names)
    }
  }
  if (keys.length === 0) return fields
  const set = keys.filter((key) => key !== '')
  fields._has_key = set.length > 0
  fields._key_valid = set.length > 0 && set.every((key) => WELL_FORMED.test(key))
  return fields
}
