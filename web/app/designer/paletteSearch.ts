import type { PaletteModule } from './designerApi'

/** Matches a module by its names, plugin, description, category and tags. */
export function matchesSearch(module: PaletteModule, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const haystack = [
    module.displayName,
    module.moduleName,
    module.pluginName,
    module.description,
    module.category,
    ...module.tags,
  ]
    .join(' ')
    .toLowerCase()
  return words.every((word) => haystack.includes(word))
}
