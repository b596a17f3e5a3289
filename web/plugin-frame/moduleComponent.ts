import type React from 'react'

/** The component an exposed module's exports hold: its `default`, else an export named as the module. */
export function moduleComponent(
  exports: unknown,
  moduleName: string,
): React.ComponentType<Record<string, unknown>> {
  const record = exports as Record<string, unknown> | undefined
  const candidate = record?.default ?? record?.[moduleName] ?? exports
  if (typeof candidate === 'function' || (typeof candidate === 'object' && candidate !== null)) {
    return candidate as React.ComponentType<Record<string, unknown>>
  }
  throw new Error(`./${moduleName} has no component as its default export`)
}

/** An error's words for the module's cell. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  if (typeof error === 'string') return error
  return 'unknown error'
}
