import type { SettingType } from './settingSchemas'

/** What a definition says about its values. */
export interface ValueRules {
  type: SettingType
  validation: Record<string, unknown>
}

/**
 * Why `value` cannot be a value of a setting with these rules, or null when it can. Checks the
 * JSON type and, where the definition's `validation` gives them as numbers, `min`/`max` (the value
 * of a number, the length of a string or array). Other validation keys are kept for clients to
 * use and not enforced here, so a definition written for another client never rejects values.
 */
export function settingValueProblem(rules: ValueRules, value: unknown): string | null {
  if (jsonType(value) !== rules.type) return `Expected a value of type ${rules.type}, got ${jsonType(value)}`
  const size =
    typeof value === 'number'
      ? value
      : typeof value === 'string' || Array.isArray(value)
        ? value.length
        : null
  if (size === null) return null
  const what = typeof value === 'number' ? 'Value' : 'Length'
  const { min, max } = rules.validation
  if (typeof min === 'number' && size < min) return `${what} must be at least ${min}`
  if (typeof max === 'number' && size > max) return `${what} must be at most ${max}`
  return null
}

function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}
