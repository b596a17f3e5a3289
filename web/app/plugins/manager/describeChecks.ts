import type { UpdateCheck as Check } from '../../api/pluginsApi'

/** One sentence for a finished check of every plugin. */
export function describeChecks(checks: readonly Check[]): string {
  if (checks.length === 0) return 'No plugins are installed, so there is nothing to update.'
  const available = checks.filter((check) => check.update_available)
  const unchecked = checks.filter((check) => !check.checked && !check.update_available)
  const parts: string[] = []
  if (available.length === 0) parts.push('No updates available.')
  else
    parts.push(
      `${available.length === 1 ? 'An update is' : `${available.length} updates are`} available: ${available
        .map((check) => `${check.plugin_slug} ${check.latest_version ?? ''}`.trim())
        .join(', ')}.`,
    )
  if (unchecked.length > 0)
    parts.push(
      `Not checked: ${unchecked
        .map((check) => (check.reason ? `${check.plugin_slug} (${check.reason})` : check.plugin_slug))
        .join(', ')}.`,
    )
  return parts.join(' ')
}
