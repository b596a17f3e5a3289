/** A module's configuration field as its manifest declares it (`config_fields`). */
export interface ConfigFieldSpec {
  type: string
  /** What the form calls the field; without it, a label made from the field's key (`fieldLabel`). */
  label?: string | null
  description?: string | null
  default?: unknown
  options?: ReadonlyArray<{ label: string; value: string | number | boolean }>
  placeholder?: string | null
  maxLength?: number | null
  min?: number | null
  max?: number | null
  step?: number | null
  rows?: number | null
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/
const COLOR = /^#[0-9a-fA-F]{6}$/

/**
 * The field's own `label` when the manifest gives one, else one made from its key:
 * "show_descriptions" -> "Show descriptions", "maxItems" -> "Max items".
 */
export function fieldLabel(name: string, field?: Pick<ConfigFieldSpec, 'label'>): string {
  const own = field?.label?.trim()
  if (own) return own
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The value a field starts with: the module's config, else the field's default, else its type's empty value. */
export function initialValue(field: ConfigFieldSpec, current: unknown): unknown {
  if (current !== undefined) return current
  if (field.default !== undefined) return field.default
  if (field.type === 'boolean') return false
  if (field.type === 'select') return field.options?.[0]?.value ?? ''
  if (field.type === 'number') return ''
  return ''
}

/** Why a value does not fit its field, or undefined when it does. Numbers arrive as numbers or text. */
export function fieldError(field: ConfigFieldSpec, value: unknown): string | undefined {
  switch (field.type) {
    case 'number': {
      if (value === '' || value === undefined || value === null) return 'Enter a number'
      const n = typeof value === 'number' ? value : Number(value)
      if (!Number.isFinite(n)) return 'Enter a number'
      if (typeof field.min === 'number' && n < field.min) return `Must be at least ${field.min}`
      if (typeof field.max === 'number' && n > field.max) return `Must be at most ${field.max}`
      if (typeof field.step === 'number' && field.step > 0) {
        const base = typeof field.min === 'number' ? field.min : 0
        const steps = (n - base) / field.step
        if (Math.abs(steps - Math.round(steps)) > 1e-9) return `Must be in steps of ${field.step}`
      }
      return undefined
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'Must be on or off'
    case 'select':
      return field.options?.some((option) => String(option.value) === String(value))
        ? undefined
        : 'Choose one of the options'
    case 'color':
      return typeof value === 'string' && COLOR.test(value) ? undefined : 'Enter a colour as #rrggbb'
    case 'date':
      return typeof value === 'string' && (value === '' || DATE.test(value))
        ? undefined
        : 'Enter a date as YYYY-MM-DD'
    case 'time':
      return typeof value === 'string' && (value === '' || TIME.test(value))
        ? undefined
        : 'Enter a time as HH:MM'
    default: {
      if (typeof value !== 'string') return 'Enter text'
      if (typeof field.maxLength === 'number' && value.length > field.maxLength)
        return `At most ${field.maxLength} characters`
      return undefined
    }
  }
}

/** The stored value: numbers as numbers, a select's option value in its own type. */
export function storedValue(field: ConfigFieldSpec, value: unknown): unknown {
  if (field.type === 'number') return typeof value === 'number' ? value : Number(value)
  if (field.type === 'select')
    return field.options?.find((o) => String(o.value) === String(value))?.value ?? value
  return value
}

/** Each invalid field's message, by field name (empty when everything fits). */
export function validateConfig(
  fields: Readonly<Record<string, ConfigFieldSpec>>,
  values: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const [name, field] of Object.entries(fields)) {
    const error = fieldError(field, values[name])
    if (error) errors[name] = error
  }
  return errors
}
