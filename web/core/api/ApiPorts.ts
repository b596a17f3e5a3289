import type { SyncAccount } from '../account/SyncAccount'
import type { EvaluationJobs } from '../evaluate/EvaluationJobs'
import type { EmbedderLoader } from './settings/createEmbedderLoads'
import type { SyncStatus } from '../sync/SyncLoop'
import type { ConflictView } from '../sync/appData/conflictViews'
import type { PluginSources } from './platform/plugins/installSources'
import type { ApiResult } from '../kernel/ApiResult'
import type { ModelHostPorts } from '../modelhost/ModelInstalls'
import type { FolderHost } from '../folders/FolderHost'
import type { FolderScans } from '../folders/FolderScans'
import type { HostPorts } from '../kernel/HostPorts'
import type { StorePorts } from '../store/StorePorts'
import type { DocumentPorts } from '../documents/DocumentPorts'
import type { SearchPorts } from '../retrieve/SearchPorts'
import type { SettingsPorts } from '../settings/SettingsPorts'
import type { GenerationPorts } from '../chat/GenerationPorts'
import type { WebSearchPorts } from '../websearch/WebSearchPorts'

/** A plugin install's step (`downloading`, `unpacking`, `validating`, `storing`, `saving`) and its percent (0-100). */
export type PluginProgress = (stage: string, percent: number) => void

/** An install or an update: its route's whole answer, given progress to report and a signal that stops it. */
export type PluginWork = (onProgress: PluginProgress, signal: AbortSignal) => Promise<ApiResult>

/**
 * Long plugin installs and updates as the host's jobs (the sync server's `plugin_install` and
 * `plugin_update`), so a client can follow their progress or leave and come back. Absent where the
 * host has no jobs (the browser): the routes run the work in-process.
 */
export interface PluginJobs {
  /**
   * Queues `work` as a job of `kind` (`payload` says what it installs, for whoever reads the job) and
   * resolves once it is queued: its `job_id`, and `done`, which settles once the job has ended, with the
   * work's answer or its error (the ApiError the route answers).
   */
  run(
    kind: 'plugin_install' | 'plugin_update' | 'data_import',
    payload: Record<string, unknown>,
    work: PluginWork,
  ): Promise<{ job_id: string; done: Promise<ApiResult> }>
}

/**
 * Where a host keeps evaluation test-case files (`test_cases_path`): on the server, files under
 * DATA_DIR/evaluation. Rejects with an ApiError (400) for paths outside it or missing files.
 */
export interface TestCaseFiles {
  read(path: string): Promise<string>
}

/**
 * Everything a handler may touch. Each host builds one of these; tests build their own. A domain names
 * only the groups it uses (`HostPorts`, `StorePorts`, ...), which stand below the route table.
 */
export interface ApiPorts
  extends HostPorts, StorePorts, DocumentPorts, SearchPorts, SettingsPorts, GenerationPorts, WebSearchPorts {
  /**
   * Folders followed by path (`/api/collections/{id}/folder`): the host's way to them, and the checks
   * under way. Absent where the host follows none by path (the browser).
   */
  folders?: { host: FolderHost; scans: FolderScans }
  evaluations: EvaluationJobs
  /** Loads the chosen model embedder ahead of use, with progress; absent where the host cannot. */
  embedderLoader?: EmbedderLoader
  /** Absent where the host has no test-case folder (the browser): runs then send `test_cases` inline. */
  testCaseFiles?: TestCaseFiles
  /**
   * Where plugin installs, the marketplace and update checks fetch from (the server's outbound policy,
   * the browser's fetch). Absent: those routes answer 503.
   */
  pluginSources?: PluginSources
  /** Plugin installs and updates as jobs with progress (the server); absent: run in the request (the browser). */
  pluginJobs?: PluginJobs
  /** The local model host (`/api/v1/modelhost/*`): how Ollama is reached and the installs' tasks. */
  modelHost?: ModelHostPorts
  /**
   * The browser's sign-in to a sync server (`web/core/account`), served by the account routes. Absent on
   * the sync server, which is itself the account host and does not mount those routes.
   */
  account?: SyncAccount
  /**
   * The browser's background sync (a `SyncLoop` while signed in), served by `GET /api/v1/sync/status`
   * and `POST /api/v1/sync/now`. `status()` answers state `off` when no one is signed in; `syncNow()`
   * runs a round and resolves the status after it, failed or not. Absent where the host does not sync
   * in the background (the server): those routes then answer 404.
   */
  syncStatus?: { status(): Promise<SyncStatus>; syncNow(): Promise<SyncStatus> }
  /**
   * The device's sync conflicts (`syncConflictRoutes`): losing writes it can show, bring back or
   * dismiss. Browser only, like `syncStatus`.
   */
  syncConflicts?: {
    list(): Promise<ConflictView[]>
    restore(conflictId: string): Promise<boolean>
    dismiss(conflictId: string): Promise<boolean>
  }
  /**
   * Called by `POST /api/v1/account/sign-out` after the account signed out, with the body's
   * `keep_local_data` (default true): the host stops syncing and resets its sync state (outbox, cursor,
   * replica bookkeeping) so a later sign-in starts clean. With false the page then deletes this device's
   * data itself (`clearLocalData()`) and reloads; the hook must not wait for that. A rejection is logged,
   * never answered: the sign-out has already happened.
   */
  onSignedOut?: (keepLocalData: boolean) => Promise<void>
}
