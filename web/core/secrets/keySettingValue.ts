import { isPlainObject } from './secretFields'

/**
 * Setting definitions whose value is an API key (BrainDrive's `openai_api_keys_settings`,
 * `claude_api_keys_settings`, `openrouter_api_keys_settings`, a plugin's `groq_api_key`): their id
 * names a key. BrainDrive's clients save such a value in three forms, the object `{api_key}`, the
 * same object as JSON text, or the bare key (`"sk-ant-..."`); only the object form puts the key under
 * a field name every key rule recognises (secretFields), so the other two are turned into it.
 */
const KEY_DEFINITION = /api_?keys?(?:_settings?)?$/i

export function isKeySettingDefinition(definitionId: unknown): boolean {
  return typeof definitionId === 'string' && KEY_DEFINITION.test(definitionId)
}

/**
 * A key setting's value in its one stored form: an object, the key under `api_key`. A JSON string
 * is parsed (an object stays one; a JSON string is a key); any other string is the key itself
 * (`''` a cleared one). Values of any other type are returned as they are, for validation to judge.
 */
export function keySettingValue(value: unknown): unknown {
  if (typeof value !== 'string') return value
  let parsed: unknown = value
  try {
    parsed = JSON.parse(value)
  } catch {
    // Not JSON: the bare key.
  }
  if (isPlainObject(parsed)) return parsed
  return { api_key: typeof parsed === 'string' ? parsed : value }
}

/**
 * A setting instance's data with a key setting's value in its one form (see keySettingValue); the
 * same object when there is nothing to change. Every way a value enters a store (the routes, a
 * record another device synced, a server opening data an older version wrote) passes here.
 */
export function withKeySettingForm(data: Record<string, unknown>): Record<string, unknown> {
  if (!isKeySettingDefinition(data.definition_id) || typeof data.value !== 'string') return data
  return { ...data, value: keySettingValue(data.value) }
}
