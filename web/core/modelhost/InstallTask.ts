import type { PullSnapshot, PullStage } from './pullProgress'

/** A task's lifecycle, as the server's jobs name it (DESIGN.md section 2). */
export type TaskStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled'

/** BrainDrive's `state` of an install, which its Ollama plugin reads (`queued`, `downloading`, `error`, ...). */
export type LegacyState =
  'queued' | 'running' | 'downloading' | 'verifying' | 'finalizing' | 'completed' | 'error' | 'canceled'

/** A model install as both hosts answer it (status, every SSE event). */
export interface InstallTask {
  task_id: string
  /** The model, as asked for (`llama3.2:1b`). */
  name: string
  /** The Ollama server's base URL. */
  server_base: string
  status: TaskStatus
  /** Where the pull is; `failed` or `cancelled` once it ended so. */
  stage: PullStage | 'failed' | 'cancelled'
  /** 0-100, summed over the model's layers; never going back. */
  percent: number
  /** BrainDrive's names for `percent` and the state. */
  progress: number
  state: LegacyState
  completed_bytes: number
  total_bytes: number
  /** Ollama's last status line, or what happened. */
  message: string
  /** Why it failed, worded for people. */
  error: string | null
  created_at: string
  updated_at: string
}

export const TERMINAL: readonly TaskStatus[] = ['completed', 'failed', 'cancelled']

export function isTerminal(task: Pick<InstallTask, 'status'>): boolean {
  return TERMINAL.includes(task.status)
}

/** What a host knows of a task; the rest of the view follows from it. */
export interface TaskFacts {
  task_id: string
  name: string
  server_base: string
  status: TaskStatus
  /** The pull's last reading (absent before it started, or when the host no longer has it). */
  snapshot?: PullSnapshot
  error?: string | null
  created_at: string
  updated_at: string
}

/** The view of a task: stage, percent and state follow from its status and its pull's last reading. */
export function installTask(facts: TaskFacts): InstallTask {
  const snapshot = facts.snapshot
  const stage: InstallTask['stage'] =
    facts.status === 'completed'
      ? 'success'
      : facts.status === 'failed'
        ? 'failed'
        : facts.status === 'cancelled'
          ? 'cancelled'
          : (snapshot?.stage ?? 'queued')
  const percent = facts.status === 'completed' ? 100 : (snapshot?.percent ?? 0)
  return {
    task_id: facts.task_id,
    name: facts.name,
    server_base: facts.server_base,
    status: facts.status,
    stage,
    percent,
    progress: percent,
    state: legacyState(facts.status, stage),
    completed_bytes: snapshot?.completed_bytes ?? 0,
    total_bytes: snapshot?.total_bytes ?? 0,
    message: messageOf(facts, stage),
    error: facts.status === 'failed' ? (facts.error ?? 'The install failed') : null,
    created_at: facts.created_at,
    updated_at: facts.updated_at,
  }
}

function legacyState(status: TaskStatus, stage: InstallTask['stage']): LegacyState {
  if (status === 'pending') return 'queued'
  if (status === 'completed') return 'completed'
  if (status === 'failed') return 'error'
  if (status === 'cancelled') return 'canceled'
  if (stage === 'downloading') return 'downloading'
  if (stage === 'verifying sha256 digest') return 'verifying'
  if (stage === 'writing manifest' || stage === 'success') return 'finalizing'
  return 'running'
}

function messageOf(facts: TaskFacts, stage: InstallTask['stage']): string {
  if (facts.status === 'completed') return `${facts.name} is installed`
  if (facts.status === 'failed') return facts.error ?? 'The install failed'
  if (facts.status === 'cancelled') return 'Cancelled'
  if (facts.status === 'pending') return 'Waiting to start'
  return facts.snapshot?.message ?? stage
}
