import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import { shown } from '../../../http/shown'
import { fetchBytes, fetchJson, GITHUB_API, type PluginSources } from './installSources'

/** A GitHub repository named by a URL a person gave (`https://github.com/o/r`, `.git`, `git@github.com:o/r`). */
export interface GithubRepo {
  owner: string
  repo: string
}

const NAME = /^[A-Za-z0-9_.-]{1,100}$/

/** The repository a GitHub repository URL names, or undefined for any other URL (a direct archive). */
export function githubRepoOf(url: string): GithubRepo | undefined {
  const text = url
    .trim()
    .replace(/^git@github\.com:/i, 'https://github.com/')
    .replace(/^github\.com\//i, 'https://github.com/')
  let parsed: URL
  try {
    parsed = new URL(text)
  } catch {
    return undefined
  }
  if (!/^(www\.)?github\.com$/i.test(parsed.hostname) || parsed.protocol !== 'https:') return undefined
  const segments = parsed.pathname.split('/').filter((segment) => segment !== '')
  // Only the repository itself: a URL deeper in it (a release asset, an archive) is downloaded as given.
  if (segments.length !== 2) return undefined
  const owner = segments[0]!
  const repo = segments[1]!.replace(/\.git$/i, '')
  if (!NAME.test(owner) || !NAME.test(repo) || repo === '.' || repo === '..') return undefined
  return { owner, repo }
}

const releaseSchema = z.looseObject({
  tag_name: z.string().min(1),
  assets: z
    .array(z.looseObject({ name: z.string(), browser_download_url: z.string() }))
    .optional()
    .default([]),
  tarball_url: z.string().nullable().optional(),
  zipball_url: z.string().nullable().optional(),
})
export type GithubRelease = z.output<typeof releaseSchema>

const ARCHIVE = /\.(zip|tar\.gz|tgz)$/i

/**
 * A repository's release: `latest`, else the tag as given and then with its `v` prefix added or
 * removed (`1.2.0` finds the tag `v1.2.0`). Undefined when GitHub has no such release.
 */
export async function githubRelease(
  sources: Pick<PluginSources, 'fetch' | 'githubApiUrl'>,
  repo: GithubRepo,
  version: string,
): Promise<GithubRelease | undefined> {
  const api = `${(sources.githubApiUrl ?? GITHUB_API).replace(/\/$/, '')}/repos/${repo.owner}/${repo.repo}/releases`
  const wanted = version.trim()
  const urls =
    wanted === '' || wanted === 'latest'
      ? [`${api}/latest`]
      : [wanted, wanted.startsWith('v') ? wanted.slice(1) : `v${wanted}`].map(
          (tag) => `${api}/tags/${encodeURIComponent(tag)}`,
        )
  for (const url of urls) {
    let body: unknown
    try {
      body = await fetchJson(sources, url, 'the release')
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) continue // 404: try the next spelling
      throw error
    }
    const release = releaseSchema.safeParse(body)
    if (!release.success)
      throw new ApiError(502, `GitHub answered an unexpected release for ${repoName(repo)}`)
    return release.data
  }
  return undefined
}

/**
 * The archive a release installs from: its first .zip/.tar.gz asset (a built plugin, as BrainDrive's
 * releases carry), else GitHub's source archive at the tag (which holds a plugin only if its repository
 * commits the built bundle).
 */
export function releaseArchiveUrl(repo: GithubRepo, release: GithubRelease): string {
  const asset = release.assets.find((candidate) => ARCHIVE.test(candidate.name))
  if (asset) return asset.browser_download_url
  return (
    release.tarball_url ??
    `https://github.com/${repo.owner}/${repo.repo}/archive/refs/tags/${encodeURIComponent(release.tag_name)}.tar.gz`
  )
}

export interface Download {
  bytes: Uint8Array
  /** The URL the archive came from. */
  archiveUrl: string
  /** The release's tag, for a GitHub repository. */
  tag?: string
}

/**
 * Downloads what a `url` install names: a GitHub repository URL -> its release (`version`, default
 * latest) -> the release's archive; any other http(s) URL -> that archive itself. Bad URLs are 422 at
 * `repo_url`; a repository without that release is 400; the network's failures are 502, a too large
 * archive 413.
 */
export async function downloadFromUrl(
  sources: PluginSources,
  repoUrl: string,
  version = 'latest',
): Promise<Download> {
  const repo = githubRepoOf(repoUrl)
  if (repo) {
    const release = await githubRelease(sources, repo, version)
    if (!release) {
      throw ApiError.badRequest(
        version === 'latest' || version === ''
          ? `${repoName(repo)} has no published release to install`
          : `${repoName(repo)} has no release ${version}`,
      )
    }
    const archiveUrl = releaseArchiveUrl(repo, release)
    const bytes = await fetchBytes(sources, archiveUrl, 'the plugin archive', sources.maxDownloadBytes)
    return { bytes, archiveUrl, tag: release.tag_name }
  }
  const archiveUrl = checkArchiveUrl(repoUrl)
  const bytes = await fetchBytes(sources, archiveUrl, 'the plugin archive', sources.maxDownloadBytes)
  return { bytes, archiveUrl }
}

/** An http(s) URL, else 422 at `repo_url`. */
export function checkArchiveUrl(url: string, field = 'repo_url'): string {
  let parsed: URL | undefined
  try {
    parsed = new URL(url.trim())
  } catch {
    parsed = undefined
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw ApiError.unprocessable([
      {
        loc: ['body', field],
        msg: `Not a GitHub repository or http(s) archive URL: ${shown(url)}`,
        type: 'value_error',
      },
    ])
  }
  return parsed.href
}

function repoName(repo: GithubRepo): string {
  return `github.com/${repo.owner}/${repo.repo}`
}
