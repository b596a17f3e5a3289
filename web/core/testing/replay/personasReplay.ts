import type { ContractClient } from '../contract/ContractClient'
import { unique } from '../contract/recordContractFixtures'
import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

/**
 * The web app's personas page (PersonasPage -> usePersonas -> personaService) and the chat plugin's
 * persona picker. The page's list reads `personas` (and `totalItems`, which neither BrainDrive nor the
 * spec's envelope sends: see the report's exceptions).
 */
const SERVICE = 'BrainDriveAI/BrainDrive frontend/src/features/personas/services/personaService.ts'
const CHAT = 'BrainDriveAI/BrainDrive-Chat-Plugin src/BrainDriveChat.tsx'
const PERSONAS = '/api/v1/personas'

interface Persona {
  id: string
  name: string
  is_active: boolean
}

/** A `PersonaCreate` as the persona form sends it. */
function personaCreate(name: string) {
  return {
    name,
    description: 'Explains step by step',
    system_prompt: 'You are a patient tutor.',
    model_settings: { temperature: 0.7, top_p: 0.9, context_window: 4000, stop_sequences: ['Human:'] },
    tags: ['teaching'],
    sample_greeting: 'Hello! What shall we learn?',
    is_active: true,
  }
}

async function createPersona(client: ContractClient, name = unique('Replay persona')): Promise<Persona> {
  const { body } = await replay<Persona>(
    client,
    { method: 'POST', path: PERSONAS, json: personaCreate(name) },
    [200, 201],
  )
  expectFields(body, { id: 'string', name: 'string', is_active: 'boolean' }, 'POST /personas')
  return body
}

export const personasReplay: ReplayCase[] = [
  {
    name: 'Personas: the personas page lists (page, pageSize, search) and reads `personas`',
    sources: [`${SERVICE}:57`],
    async run(client) {
      const persona = await createPersona(client)
      const search = encodeURIComponent(persona.name)
      const { body } = await replay(
        client,
        { method: 'GET', path: `${PERSONAS}?page=1&pageSize=16&search=${search}` },
        200,
      )
      expectFields(body, { personas: 'array' }, 'GET /personas')
      const personas = (body as { personas: Persona[] }).personas
      checkEqual(
        personas.map((p) => p.id),
        [persona.id],
        'the searched persona',
      )
      const active = await replay(
        client,
        { method: 'GET', path: `${PERSONAS}?page=1&pageSize=16&is_active=true` },
        200,
      )
      expectFields(active.body, { personas: 'array' }, 'GET /personas?is_active=true')
    },
  },
  {
    name: 'Personas: the personas page creates, reads, updates and deletes a persona',
    sources: [`${SERVICE}:86`, `${SERVICE}:73`, `${SERVICE}:99`, `${SERVICE}:112`],
    async run(client) {
      const persona = await createPersona(client)
      const got = await replay<Persona>(client, { method: 'GET', path: `${PERSONAS}/${persona.id}` }, 200)
      expectFields(got.body, { id: 'string', name: 'string', system_prompt: 'string' }, 'GET /personas/{id}')
      const renamed = unique('Renamed persona')
      const updated = await replay<Persona>(
        client,
        { method: 'PUT', path: `${PERSONAS}/${persona.id}`, json: { ...personaCreate(renamed) } },
        200,
      )
      checkEqual(updated.body.name, renamed, 'the updated persona')
      const deleted = await replay(client, { method: 'DELETE', path: `${PERSONAS}/${persona.id}` })
      check(deleted.status >= 200 && deleted.status < 300, `DELETE answers 2xx (${deleted.status})`)
      await replay(client, { method: 'GET', path: `${PERSONAS}/${persona.id}` }, 404)
    },
  },
  {
    name: 'Personas: the personas page switches a persona off (PATCH {is_active})',
    sources: [`${SERVICE}:124`],
    async run(client) {
      const persona = await createPersona(client)
      await replay(
        client,
        { method: 'PATCH', path: `${PERSONAS}/${persona.id}`, json: { is_active: false } },
        200,
      )
      const { body } = await replay<Persona>(
        client,
        { method: 'GET', path: `${PERSONAS}/${persona.id}` },
        200,
      )
      checkEqual(body.is_active, false, 'switched off')
    },
  },
  {
    name: 'Personas: the personas page asks for the available tags',
    sources: [`${SERVICE}:138`],
    async run(client) {
      await createPersona(client)
      // BrainDrive declares `List[str]`; the service reads `.tags` of it and falls back to [] (see the
      // report): what is asserted is BrainDrive's declared answer.
      const { body } = await replay(client, { method: 'GET', path: `${PERSONAS}/tags` }, 200)
      const tags = expectArray<string>(body, 'GET /personas/tags')
      check(tags.includes('teaching'), 'the persona’s tag is listed')
    },
  },
  {
    name: 'Personas: the chat plugin loads the personas (reads `personas`) and one persona by id',
    sources: [`${CHAT}:450`, `${CHAT}:1031`],
    async run(client) {
      const persona = await createPersona(client)
      const { body } = await replay(client, { method: 'GET', path: PERSONAS }, 200)
      expectFields(body, { personas: 'array' }, 'GET /personas')
      for (const item of (body as { personas: unknown[] }).personas) {
        expectFields(item, { id: 'string', name: 'string' }, 'a persona')
      }
      const one = await replay(client, { method: 'GET', path: `${PERSONAS}/${persona.id}` }, 200)
      expectFields(one.body, { id: 'string', sample_greeting: 'string' }, 'GET /personas/{id}')
    },
  },
]
