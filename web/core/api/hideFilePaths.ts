/** What stands in for a hidden path. */
export const HIDDEN_PATH = '<server path>'

// An absolute path of two or more segments (`/srv/quire/data`, not `/health`), where a path starts:
// at the beginning, after a space, a quote or an opening bracket, or after `=` or `:`. The REST
// surface's own paths (`/api/...`), which details name on purpose, are left alone.
const POSIX_PATH = /(^|[\s'"`([=:])\/(?!api\/)[^\s'"`/()[\]]+\/[^\s'"`()[\],;:]*/gu
const WINDOWS_PATH = /(^|[\s'"`([=:])[A-Za-z]:\\[^\s'"`()[\],;:]*/gu
const FILE_URL = /file:\/\/[^\s'"`()[\],;]*/gu

/**
 * Error details are written for clients, but some carry text from elsewhere: a file system error
 * (`ENOENT: no such file or directory, open '/srv/quire/data/users/...'`), a parser or library
 * message naming its own files. Where the server keeps things (DATA_DIR, temporary folders, its
 * installation) is none of a client's business, so `toErrorResult`, the one place errors become
 * answers, passes every detail through this as a last line of defence. False alarms cost little: a
 * client's own absolute path echoed back is shown as `<server path>` too.
 */
export function hideFilePaths(text: string): string {
  return text
    .replace(FILE_URL, HIDDEN_PATH)
    .replace(POSIX_PATH, (_match, before: string) => `${before}${HIDDEN_PATH}`)
    .replace(WINDOWS_PATH, (_match, before: string) => `${before}${HIDDEN_PATH}`)
}
