import type { ApiRuntime } from '../../../web/core/api/createApiPorts'
import type { BlobUploads } from '../syncApi/BlobUploads'
import type { SyncSpace } from '../syncApi/openSyncSpace'

/** One person's data on the server: their own database, files, search index and queues. */
export interface UserSpace {
  userId: string
  /** The person's folder: their database, files and unfinished blob uploads. */
  dir: string
  runtime: ApiRuntime
  /** Their sync log and the server engine over it (the sync routes). */
  sync: SyncSpace
  /** Unfinished blob uploads where every instance reaches them (PostgreSQL); absent: `dir/blob-parts`. */
  blobUploads?: BlobUploads
  /** Stops the space's in-process work and closes its database. */
  close(): Promise<void>
}

/**
 * Opens each person's space on first use and keeps it open. Isolation by construction: a route
 * handler only ever receives the ports of its caller's space, so another user's ids are simply
 * not there (404), whatever the route forgets to check.
 */
export class UserSpaces {
  private readonly spaces = new Map<string, Promise<UserSpace>>()
  private closed = false

  constructor(private readonly open: (userId: string) => Promise<UserSpace>) {}

  get(userId: string): Promise<UserSpace> {
    if (this.closed) return Promise.reject(new Error('The server is shutting down'))
    let space = this.spaces.get(userId)
    if (!space) {
      space = this.open(userId)
      this.spaces.set(userId, space)
      // A space that failed to open is tried again by the next request.
      space.catch(() => this.spaces.delete(userId))
    }
    return space
  }

  /** The person's space if this process has it open (or opening), without opening it. */
  ifOpen(userId: string): Promise<UserSpace> | undefined {
    return this.closed ? undefined : this.spaces.get(userId)
  }

  /** Every space open now (those that failed to open left out). */
  async openNow(): Promise<UserSpace[]> {
    const settled = await Promise.allSettled(this.spaces.values())
    return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  }

  /** Closes every open space (shutdown). */
  async closeAll(): Promise<void> {
    this.closed = true
    const open = await Promise.allSettled(this.spaces.values())
    this.spaces.clear()
    for (const result of open) if (result.status === 'fulfilled') await result.value.close()
  }

  /** Waits until the in-process work of every open space is idle (tests). */
  async idle(): Promise<void> {
    for (const space of await Promise.allSettled(this.spaces.values())) {
      if (space.status !== 'fulfilled') continue
      await space.value.runtime.documents.idle()
      await space.value.runtime.evaluations.idle()
    }
  }
}
