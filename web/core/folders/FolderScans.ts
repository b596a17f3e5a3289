import type { FolderPort } from './FolderPort'
import { scanFolder, type FolderScanPorts, type ScanProgress, type ScanResult } from './scanFolder'

export interface FolderScanProgress {
  phase: 'reading' | 'applying'
  done: number
  total: number
}

/**
 * The checks under way, one per collection: a check asked for while one runs (the timer, the watcher
 * and "Check now" at once) joins it instead of racing it, which would add the same new file twice.
 * Each keeps its progress, which the folder's status shows while a large folder is first read.
 */
export class FolderScans {
  private readonly running = new Map<string, Promise<ScanResult>>()
  private readonly progressOf = new Map<string, FolderScanProgress>()

  constructor(private readonly ports: FolderScanPorts) {}

  scan(collectionId: string, folder: FolderPort, onProgress?: ScanProgress): Promise<ScanResult> {
    const under = this.running.get(collectionId)
    if (under) return under
    this.progressOf.set(collectionId, { phase: 'reading', done: 0, total: 0 })
    const progress: ScanProgress = (done, total, phase) => {
      this.progressOf.set(collectionId, { phase, done, total })
      onProgress?.(done, total, phase)
    }
    const run = scanFolder(collectionId, folder, this.ports, progress).finally(() => {
      this.running.delete(collectionId)
      this.progressOf.delete(collectionId)
    })
    this.running.set(collectionId, run)
    return run
  }

  /** Whether a check of the collection's folder is under way. */
  isScanning(collectionId: string): boolean {
    return this.running.has(collectionId)
  }

  /** The running check's progress, or null when none runs. */
  progress(collectionId: string): FolderScanProgress | null {
    return this.progressOf.get(collectionId) ?? null
  }
}
