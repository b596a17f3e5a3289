// Starts the sync server for the browser tests over a throw-away data directory, removed on exit.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeTinyModel } from './makeTinyModel.mjs'

const port = process.argv[2] ?? '8317'
const dataDir = mkdtempSync(join(tmpdir(), 'quire-e2e-'))
// A self-hosted model folder with the generated tiny embedder, for the tests that choose a model.
const modelsDir = join(dataDir, 'models')
await makeTinyModel(join(modelsDir, 'quire-tiny-embedder'))
const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: 'dist',
    MODELS_DIR: modelsDir,
    // Every browser test signs up its own people from 127.0.0.1: the per-IP limits would refuse them.
    RATE_LIMIT_REGISTER: '0',
    RATE_LIMIT_LOGIN: '0',
  },
})
const stop = (signal) => child.kill(signal)
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
