/** One entry of dist-plugins/catalog.json; `download_url` is relative to the catalog. */
export interface SampleCatalogEntry {
  id: string
  plugin_slug: string
  name: string
  description: string
  version: string
  category: string | null
  tags: string[]
  permissions: string[]
  author: string | null
  icon: string | null
  type: string | null
  /** Which manifest the archive carries at its root. */
  manifest: 'plugin.json' | 'lifecycle_manager.py'
  download_url: string
  size: number
  sha256: string
}

export interface SampleCatalog {
  plugins: SampleCatalogEntry[]
}

export const DEFAULT_OUT_DIR: string
/** `testOnly`: built, but listed in `test-catalog.json` instead of the catalog people's marketplace shows. */
export const SAMPLE_PLUGINS: ReadonlyArray<{ dir: string; eagerReact: boolean; testOnly?: boolean }>
export const CATALOG_FILE: 'catalog.json'
export const TEST_CATALOG_FILE: 'test-catalog.json'

/** Builds the sample plugins into `outDir` (default dist-plugins/), or answers `skipped` when its
 *  `.stamp` shows the same inputs were built there already (unless `force`). `catalog` is what the
 *  marketplace lists, `testCatalog` the samples only Quire's tests install. */
export function buildSamplePlugins(options?: {
  outDir?: string
  force?: boolean
  log?: (line: string) => void
}): Promise<{ skipped: boolean; outDir: string; catalog: SampleCatalog; testCatalog: SampleCatalog }>

/** The literal assigned to `name` (or `self.name`) in Python source; throws on anything but literals. */
export function readPythonAssignment(source: string, name: string): unknown
