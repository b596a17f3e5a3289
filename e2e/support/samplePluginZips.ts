import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { samplePluginsDir } from './samplePluginsDir'

/** The release archives (`<Slug>-1.0.0.zip`) of the sample plugins `slugs`, built if stale, by slug. */
export async function samplePluginZips<Slug extends string>(...slugs: Slug[]): Promise<Record<Slug, Buffer>> {
  const outDir = await samplePluginsDir()
  const zips = {} as Record<Slug, Buffer>
  for (const slug of slugs) zips[slug] = await readFile(path.join(outDir, `${slug}-1.0.0.zip`))
  return zips
}
