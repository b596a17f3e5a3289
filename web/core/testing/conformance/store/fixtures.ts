import type { ChatMessage } from '../../../store/ChatMessage'
import type { NewChatSession } from '../../../store/ChatSession'
import type { ChunkRecord } from '../../../store/ChunkRecord'
import type { NewCollection } from '../../../store/Collection'
import type { DocumentRecord } from '../../../store/DocumentRecord'
import type { EvaluationResult, EvaluationRun } from '../../../store/EvaluationRun'

/** Builders of valid records with unique ids and increasing timestamps, for the conformance cases. */
let counter = 0
export function newCollection(overrides: Partial<NewCollection> = {}): NewCollection {
  counter += 1
  const ms = Date.UTC(2026, 0, 1) + counter * 1000
  const timestamp = new Date(ms).toISOString()
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: `Collection ${counter}`,
    description: `Description ${counter}`,
    color: null,
    created_at: timestamp,
    updated_at: timestamp,
    ...overrides,
  }
}

export function newDocument(collectionId: string, overrides: Partial<DocumentRecord> = {}): DocumentRecord {
  counter += 1
  const id = `00000000-0000-4000-9000-${String(counter).padStart(12, '0')}`
  return {
    id,
    filename: `doc_${id.slice(-8)}.pdf`,
    original_filename: `Report ${counter}.pdf`,
    file_path: `files/${id}.pdf`,
    file_size: 1000 + counter,
    document_type: 'pdf',
    collection_id: collectionId,
    status: 'processing',
    created_at: new Date(Date.UTC(2026, 0, 1) + counter * 1000).toISOString(),
    processed_at: null,
    metadata: {},
    chunk_count: 0,
    progress: { stage: 'parsing', percent: 0 },
    ...overrides,
  }
}

export function newChunk(
  document: DocumentRecord,
  index: number,
  overrides: Partial<ChunkRecord> = {},
): ChunkRecord {
  counter += 1
  return {
    id: `00000000-0000-4000-a000-${String(counter).padStart(12, '0')}`,
    document_id: document.id,
    collection_id: document.collection_id,
    index,
    text: `Passage ${index} of ${document.original_filename}`,
    page: index + 1,
    heading: index === 0 ? null : 'Results > Tables',
    token_count: 7,
    embedder: 'hash-v1',
    vector: Float32Array.from({ length: 384 }, (_, i) => Math.sin(i * (index + 1) + counter) / 10),
    ...overrides,
  }
}

/** A timestamp one second after every one handed out before it. */
export function nextTimestamp(): string {
  counter += 1
  return new Date(Date.UTC(2026, 0, 1) + counter * 1000).toISOString()
}

export function newChatSession(overrides: Partial<NewChatSession> = {}): NewChatSession {
  counter += 1
  return {
    id: `00000000-0000-4001-8000-${String(counter).padStart(12, '0')}`,
    name: `Session ${counter}`,
    collection_id: null,
    created_at: new Date(Date.UTC(2026, 0, 1) + counter * 1000).toISOString(),
    ...overrides,
  }
}

export function newChatMessage(sessionId: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  counter += 1
  return {
    id: `00000000-0000-4002-8000-${String(counter).padStart(12, '0')}`,
    session_id: sessionId,
    role: 'user',
    content: `Question ${counter}?`,
    metadata: {},
    created_at: new Date(Date.UTC(2026, 0, 1) + counter * 1000).toISOString(),
    collection_id: null,
    ...overrides,
  }
}

export function newEvaluationRun(
  collectionId: string,
  overrides: Partial<EvaluationRun> = {},
): EvaluationRun {
  counter += 1
  return {
    id: `00000000-0000-4003-8000-${String(counter).padStart(12, '0')}`,
    collection_id: collectionId,
    mode: 'server',
    status: 'running',
    user_id: null,
    total_questions: 10,
    evaluated_count: 0,
    correct_count: 0,
    incorrect_count: 0,
    config: { top_k: 5, use_hybrid_search: true },
    error: null,
    created_at: new Date(Date.UTC(2026, 0, 1) + counter * 1000).toISOString(),
    completed_at: null,
    results: [],
    ...overrides,
  }
}

export function newEvaluationResult(overrides: Partial<EvaluationResult> = {}): EvaluationResult {
  counter += 1
  return {
    question: `What is fact ${counter}?`,
    answer: `Fact ${counter} is this.`,
    is_correct: counter % 2 === 0,
    confidence: (counter % 10) / 10,
    chunks_used: counter % 5,
    ground_truth: `Fact ${counter}`,
    category: counter % 3 === 0 ? null : 'factual',
    reasoning: counter % 2 === 0 ? 'Matches the ground truth.' : null,
    retrieved_chunks: [`chunk-${counter}-a`, `chunk-${counter}-b`],
    ...overrides,
  }
}
