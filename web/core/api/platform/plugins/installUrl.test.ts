import { describe, expect, it } from 'vitest'
import { githubRelease, githubRepoOf, releaseArchiveUrl } from './installUrl'

describe('githubRepoOf', () => {
  it('reads a repository from the URLs people paste', () => {
    for (const url of [
      'https://github.com/BrainDriveAI/BrainDrive-Settings-Plugin',
      'https://github.com/BrainDriveAI/BrainDrive-Settings-Plugin/',
      'https://github.com/BrainDriveAI/BrainDrive-Settings-Plugin.git',
      'github.com/BrainDriveAI/BrainDrive-Settings-Plugin',
      'git@github.com:BrainDriveAI/BrainDrive-Settings-Plugin.git',
    ]) {
      expect(githubRepoOf(url), url).toEqual({ owner: 'BrainDriveAI', repo: 'BrainDrive-Settings-Plugin' })
    }
  })

  it('leaves other URLs to be downloaded as archives', () => {
    for (const url of [
      'https://github.com/o/r/releases/download/v1.0.0/plugin.zip',
      'http://github.com/o/r',
      'https://example.com/o/r',
      'https://github.com.evil.example/o/r',
      'not a url',
    ]) {
      expect(githubRepoOf(url), url).toBeUndefined()
    }
  })
})

describe('releases', () => {
  const repo = { owner: 'o', repo: 'r' }
  it('installs the first .zip/.tar.gz asset, else the source archive at the tag', () => {
    const assets = [
      { name: 'checksums.txt', browser_download_url: 'https://x/checksums.txt' },
      { name: 'plugin.tar.gz', browser_download_url: 'https://x/plugin.tar.gz' },
      { name: 'plugin.zip', browser_download_url: 'https://x/plugin.zip' },
    ]
    expect(releaseArchiveUrl(repo, { tag_name: 'v1.0.0', assets })).toBe('https://x/plugin.tar.gz')
    expect(
      releaseArchiveUrl(repo, { tag_name: 'v1.0.0', assets: [], tarball_url: 'https://api/tarball/v1.0.0' }),
    ).toBe('https://api/tarball/v1.0.0')
    expect(releaseArchiveUrl(repo, { tag_name: 'v1.0.0', assets: [] })).toBe(
      'https://github.com/o/r/archive/refs/tags/v1.0.0.tar.gz',
    )
  })

  it('finds a release by its tag with or without the v, through the given fetch and API base', async () => {
    const asked: string[] = []
    const fetch = (async (url: string) => {
      asked.push(url)
      return url.endsWith('/tags/v1.2.0')
        ? new Response(JSON.stringify({ tag_name: 'v1.2.0', assets: [] }), { status: 200 })
        : new Response('{"message":"Not Found"}', { status: 404 })
    }) as typeof globalThis.fetch
    const release = await githubRelease({ fetch, githubApiUrl: 'http://fake' }, repo, '1.2.0')
    expect(release?.tag_name).toBe('v1.2.0')
    expect(asked).toEqual([
      'http://fake/repos/o/r/releases/tags/1.2.0',
      'http://fake/repos/o/r/releases/tags/v1.2.0',
    ])
    expect(await githubRelease({ fetch, githubApiUrl: 'http://fake' }, repo, 'latest')).toBeUndefined()
  })
})
