import { postgresDdl } from './postgresDdl'
import type { SqlDriver } from './SqlDriver'

export interface Migration {
  version: number
  name: string
  /** SQLite's DDL; on PostgreSQL it runs through `postgresDdl`. */
  sql: string
  /** PostgreSQL's own text, where `postgresDdl`'s rewrites of `sql` are not enough. */
  postgres?: string
}

/**
 * The server schema, versioned in code. Append only: a released migration is never edited, a change
 * is a new entry. Each runs in its own transaction together with its bookkeeping row.
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'collections',
    sql: `
      CREATE TABLE collections (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        color TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        document_count INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX collections_created ON collections (created_at, seq);
    `,
  },
  {
    version: 2,
    name: 'documents and chunks',
    // collections.document_count is derived from documents from now on (the column stays unused).
    sql: `
      CREATE TABLE documents (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
        filename TEXT NOT NULL,
        original_filename TEXT NOT NULL,
        file_path TEXT NOT NULL,
        file_size INTEGER NOT NULL,
        document_type TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        processed_at TEXT,
        metadata TEXT NOT NULL DEFAULT '{}',
        chunk_count INTEGER NOT NULL DEFAULT 0,
        progress TEXT
      );
      CREATE INDEX documents_collection_status ON documents (collection_id, status);
      CREATE INDEX documents_created ON documents (created_at, seq);
      CREATE TABLE chunks (
        id TEXT PRIMARY KEY,
        document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        collection_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        text TEXT NOT NULL,
        page INTEGER,
        heading TEXT,
        token_count INTEGER NOT NULL,
        embedder TEXT,
        vector BLOB
      );
      CREATE INDEX chunks_document ON chunks (document_id, idx);
      CREATE INDEX chunks_collection ON chunks (collection_id);
    `,
  },
  {
    version: 3,
    name: 'chat sessions, messages, evaluation runs and settings',
    // Sessions and messages outlive their collection (SET NULL): they are the user's conversations.
    // Evaluation runs belong to their collection, results and saved state to their run (CASCADE).
    // message_count is derived from chat_messages; the counts of a run are kept in the run row and
    // moved together with the results they count, in one transaction.
    sql: `
      CREATE TABLE chat_sessions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        collection_id TEXT REFERENCES collections (id) ON DELETE SET NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX chat_sessions_updated ON chat_sessions (updated_at, seq);
      CREATE INDEX chat_sessions_collection ON chat_sessions (collection_id);
      CREATE TABLE chat_messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        session_id TEXT NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        content TEXT NOT NULL,
        metadata TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL,
        collection_id TEXT REFERENCES collections (id) ON DELETE SET NULL
      );
      CREATE INDEX chat_messages_session ON chat_messages (session_id, created_at, seq);
      CREATE INDEX chat_messages_collection ON chat_messages (collection_id);
      CREATE TABLE evaluation_runs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
        mode TEXT NOT NULL,
        status TEXT NOT NULL,
        user_id TEXT,
        total_questions INTEGER NOT NULL,
        evaluated_count INTEGER NOT NULL DEFAULT 0,
        correct_count INTEGER NOT NULL DEFAULT 0,
        incorrect_count INTEGER NOT NULL DEFAULT 0,
        config TEXT NOT NULL DEFAULT '{}',
        error TEXT,
        created_at TEXT NOT NULL,
        completed_at TEXT
      );
      CREATE INDEX evaluation_runs_created ON evaluation_runs (created_at, seq);
      CREATE INDEX evaluation_runs_collection ON evaluation_runs (collection_id, created_at, seq);
      CREATE TABLE evaluation_results (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        run_id TEXT NOT NULL REFERENCES evaluation_runs (id) ON DELETE CASCADE,
        question TEXT NOT NULL,
        answer TEXT NOT NULL,
        is_correct INTEGER NOT NULL,
        confidence REAL NOT NULL,
        chunks_used INTEGER NOT NULL,
        ground_truth TEXT,
        category TEXT,
        reasoning TEXT,
        retrieved_chunks TEXT NOT NULL DEFAULT '[]'
      );
      CREATE INDEX evaluation_results_run ON evaluation_results (run_id, seq);
      CREATE TABLE evaluation_states (
        run_id TEXT PRIMARY KEY REFERENCES evaluation_runs (id) ON DELETE CASCADE,
        state TEXT NOT NULL,
        saved_at TEXT NOT NULL
      );
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: 'platform records',
    // Every platform resource (settings, pages, personas, conversations, messages, tags...) as JSON
    // under a kind; parent_id lists children (a conversation's messages) through the index.
    sql: `
      CREATE TABLE records (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        parent_id TEXT,
        data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (kind, id)
      );
      CREATE INDEX records_kind ON records (kind, created_at, seq);
      CREATE INDEX records_parent ON records (kind, parent_id, created_at, seq);
    `,
  },
  {
    version: 5,
    name: 'sync log',
    // One row per synced record at its latest log position (seq); tombstone_wall is the wall time of
    // a `deleted: true` stamp (NULL while live), so compaction finds old deletes by index. sync_meta
    // is one row: the highest seq handed out, the compaction horizon, the highest stamp stored.
    sql: `
      CREATE TABLE sync_records (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        record TEXT NOT NULL,
        seq INTEGER NOT NULL UNIQUE,
        tombstone_wall INTEGER,
        PRIMARY KEY (kind, id)
      );
      CREATE INDEX sync_records_tombstones ON sync_records (tombstone_wall) WHERE tombstone_wall IS NOT NULL;
      CREATE TABLE sync_clients (
        client_id TEXT PRIMARY KEY,
        applied_counter INTEGER NOT NULL
      );
      CREATE TABLE sync_meta (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        latest_seq INTEGER NOT NULL,
        horizon INTEGER NOT NULL,
        max_hlc TEXT NOT NULL
      );
      INSERT INTO sync_meta (id, latest_seq, horizon, max_hlc) VALUES (1, 0, 0, '');
    `,
  },
  {
    version: 6,
    name: 'chunk sets',
    // A document's chunks are the rows of its current chunk set (documents.chunk_set): a replacement
    // writes the next set in many short transactions, then switches the document to it in one
    // statement, so it never holds the database (or the server's thread) for the whole document, and a
    // reader never sees half of one. The key becomes (id, chunk_set): a new set may reuse the old
    // one's chunk ids (a synced blob applied again). Rows of other sets are garbage (SqlChunks).
    sql: `
      CREATE TABLE chunks_v6 (
        document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        chunk_set INTEGER NOT NULL DEFAULT 0,
        id TEXT NOT NULL,
        collection_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        text TEXT NOT NULL,
        page INTEGER,
        heading TEXT,
        token_count INTEGER NOT NULL,
        embedder TEXT,
        vector BLOB,
        PRIMARY KEY (id, chunk_set)
      );
      INSERT INTO chunks_v6 (document_id, id, collection_id, idx, text, page, heading, token_count, embedder, vector)
        SELECT document_id, id, collection_id, idx, text, page, heading, token_count, embedder, vector FROM chunks;
      DROP TABLE chunks;
      ALTER TABLE chunks_v6 RENAME TO chunks;
      CREATE INDEX chunks_document ON chunks (document_id, chunk_set, idx);
      CREATE INDEX chunks_collection ON chunks (collection_id);
      ALTER TABLE documents ADD COLUMN chunk_set INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 7,
    name: 'chunk metadata',
    // A chunk's own metadata as JSON (`{"ocr":{"confidence":0.87}}` for a passage read by OCR), NULL
    // for the rest and for every chunk stored before it. Plain SQL that PostgreSQL runs as it is.
    sql: `
      ALTER TABLE chunks ADD COLUMN metadata TEXT;
    `,
  },
  {
    version: 8,
    name: 'search index snapshot',
    // The person's search index as saved (SqlIndexSnapshots): the parts of each write's generation,
    // a few MB each, and one header row naming the generation to read. A write stores the next
    // generation's parts, then switches the header in one statement, then deletes the old parts.
    sql: `
      CREATE TABLE index_snapshot_parts (
        generation INTEGER NOT NULL,
        part INTEGER NOT NULL,
        bytes BLOB NOT NULL,
        PRIMARY KEY (generation, part)
      );
      CREATE TABLE index_snapshot (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        generation INTEGER NOT NULL,
        parts INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        written_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 9,
    name: 'document openings',
    // What a document's search profile reads of its chunks (DocumentOpening), set with its chunk set
    // in the switch of `SqlChunks`; NULL for a document stored before (its first search fills it in).
    // No document query selects them: the API never returns them and sync never sees them.
    sql: `
      ALTER TABLE documents ADD COLUMN opening TEXT;
      ALTER TABLE documents ADD COLUMN opening_paged INTEGER;
    `,
  },
  {
    version: 10,
    name: 'chunks added',
    // How many times chunks were added to the document's current chunk set (`SqlChunks.addChunks`: a
    // scanned page read after the rest was stored), raised in the transaction that adds them: part of
    // the document's version for the search index snapshot, as the set is.
    sql: `
      ALTER TABLE documents ADD COLUMN chunks_added INTEGER NOT NULL DEFAULT 0;
    `,
  },
]

/**
 * Brings the database up to the newest migration; refuses a database newer than this code. Runs with
 * the database to itself (`exclusive`), so instances starting together migrate one after the other.
 */
export function migrate(driver: SqlDriver, list: readonly Migration[] = migrations): Promise<number> {
  return driver.exclusive((db) => migrateNow(db, list))
}

async function migrateNow(driver: SqlDriver, list: readonly Migration[]): Promise<number> {
  const ddl = (migration: Pick<Migration, 'sql' | 'postgres'>) =>
    driver.dialect === 'postgres' ? (migration.postgres ?? postgresDdl(migration.sql)) : migration.sql
  await driver.exec(
    ddl({
      sql: 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    }),
  )
  const row = await driver.get<{ version: number | null }>(
    'SELECT MAX(version) AS version FROM schema_migrations',
  )
  const current = row?.version ?? 0
  const newest = list.reduce((max, m) => Math.max(max, m.version), 0)
  if (current > newest) {
    throw new Error(`Database schema version ${current} is newer than this server (${newest}); upgrade Quire`)
  }
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue
    const appliedAt = new Date().toISOString()
    const record = `INSERT INTO schema_migrations (version, name, applied_at) VALUES (${migration.version}, '${migration.name.replace(/'/g, "''")}', '${appliedAt}');`
    try {
      await driver.exec(`BEGIN;\n${ddl(migration)}\n${record}\nCOMMIT;`)
    } catch (error) {
      // A statement failed inside the transaction: undo the whole migration, then report it.
      await driver.exec('ROLLBACK').catch(() => undefined)
      throw new Error(`Migration ${migration.version} (${migration.name}) failed: ${String(error)}`)
    }
  }
  return newest
}
