/**
 * A plugin category as people see it. Catalogs and manifests spell one category several ways: the spec's
 * common values are lowercase singular words ("utility"), BrainDrive's own plugins write "Utilities".
 * Every spelling of one category has one key (lowercase, singular), and one label.
 */

/** The labels of the spec's common categories, as BrainDrive's marketplace writes them. */
const LABELS: Readonly<Record<string, string>> = {
  productivity: 'Productivity',
  communication: 'Communication',
  data: 'Data',
  ai: 'AI',
  utility: 'Utilities',
  entertainment: 'Entertainment',
  visualization: 'Visualization',
}

/** One key for every spelling of a category: trimmed, lowercase, singular ("Utilities" -> "utility"). */
export function categoryKey(category: string): string {
  const lower = category.trim().toLowerCase()
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`
  if (lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1)
  return lower
}

/** The label of a category: a common one's own, else the spelling given with a capital first letter. */
export function categoryLabel(category: string): string {
  const known = LABELS[categoryKey(category)]
  if (known) return known
  const trimmed = category.trim()
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
}
