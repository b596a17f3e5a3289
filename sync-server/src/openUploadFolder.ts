import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const PREFIX = 'quire-uploads-'

/**
 * The server's own folder for upload parts while their request runs: `quire-uploads-<pid>-XXXXXX` in
 * the system's temporary folder. A server stopped gracefully removes its folder; one killed (SIGKILL,
 * a crash) cannot, so at start the folders of servers no longer running are removed: those whose pid
 * is no live process. A folder whose pid is alive is left, whoever it is (another instance on the
 * same machine, a test's server, or an unrelated process that got the pid: kept until it ends);
 * folders without a pid (older versions) are left too, as nothing tells whether their server runs.
 */
export async function openUploadFolder(root = tmpdir()): Promise<string> {
  const names = await readdir(root).catch(() => [] as string[])
  for (const name of names) {
    const pid = Number(/^quire-uploads-(\d+)-/.exec(name)?.[1])
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) continue
    await rm(join(root, name), { recursive: true, force: true }).catch(() => undefined)
  }
  return mkdtemp(join(root, `${PREFIX}${process.pid}-`))
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
