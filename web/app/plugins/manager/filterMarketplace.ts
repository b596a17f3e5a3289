import type { MarketplaceEntry } from '../../api/pluginsApi'
import { categoryKey, categoryLabel } from './pluginCategory'

export interface MarketplaceFilter {
  search: string
  /** A `categoryKey`, or '' for every category. */
  category: string
}

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '')
const keyOf = (value: unknown) => (typeof value === 'string' ? categoryKey(value) : '')

/**
 * The entries matching the search (name, slug, description or a tag contain it, ignoring case) and the
 * category (any spelling of it: catalogs write "utility" and BrainDrive's plugins "Utilities").
 */
export function filterMarketplace(
  entries: readonly MarketplaceEntry[],
  filter: MarketplaceFilter,
): MarketplaceEntry[] {
  const search = filter.search.trim().toLowerCase()
  const category = categoryKey(filter.category)
  return entries.filter((entry) => {
    if (category !== '' && keyOf(entry.category) !== category) return false
    if (search === '') return true
    const text = [entry.name, entry.plugin_slug, entry.description, ...(entry.tags ?? [])].map(lower)
    return text.some((t) => t.includes(search))
  })
}

/** The catalog's categories, one per `categoryKey` whatever its spellings, sorted by their labels. */
export function marketplaceCategories(
  entries: readonly MarketplaceEntry[],
): Array<{ key: string; label: string }> {
  const byKey = new Map<string, string>()
  for (const entry of entries) {
    const category = typeof entry.category === 'string' ? entry.category.trim() : ''
    const key = categoryKey(category)
    if (key !== '' && !byKey.has(key)) byKey.set(key, categoryLabel(category))
  }
  return [...byKey]
    .map(([key, label]) => ({ key, label }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }))
}
