import { readFile } from 'node:fs/promises'
import { samplePluginZipPath } from './samplePluginZipPath'

/** The release archives (`<Slug>-1.0.0.zip`) of the sample plugins `slugs`, built if stale, by slug. */
export async function samplePluginZips<Slug extends string>(...slugs: Slug[]): Promise<Record<Slug, Buffer>> {
  const zips = {} as Record<Slug, Buffer>
  for (const slug of slugs) zips[slug] = await readFile(await samplePluginZipPath(slug))
  return zips
}
