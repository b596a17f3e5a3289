import type { FolderPort } from './FolderPort'
import { scanFolder, type FolderScanPorts, type ScanProgress, type ScanResult } from './scanFolder'

/**
 * The checks under way, one per collection: a check asked for while one runs (the timer, the watcher
 * and "Check now" at once) joins it instead of racing it, which would add the same new file twice.
 */
export class FolderScans {
  private readonly running = new Map<string, Promise<ScanResult>>()

  constructor(private readonly ports: FolderScanPorts) {}

  scan(collectionId: string, folder: FolderPort, onProgress?: ScanProgress): Promise<ScanResult> {
    const under = this.running.get(collectionId)
    if (under) return under
    const run = scanFolder(collectionId, folder, this.ports, onProgress).finally(() => {
      this.running.delete(collectionId)
    })
    this.running.set(collectionId, run)
    return run
  }

  /** Whether a check of the collection's folder is under way. */
  isScanning(collectionId: string): boolean {
    return this.running.has(collectionId)
  }
}
