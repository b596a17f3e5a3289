/**
 * The evaluation page's URL state: the collection whose history is shown and the run opened, so a reload
 * during a run picks up its progress again. Malformed values are dropped rather than failing the route.
 */
export interface EvaluationParams {
  collection?: string
  run?: string
}

export function validateEvaluationParams(raw: Record<string, unknown>): EvaluationParams {
  const params: EvaluationParams = {}
  if (typeof raw.collection === 'string' && raw.collection !== '') params.collection = raw.collection
  if (typeof raw.run === 'string' && raw.run !== '') params.run = raw.run
  return params
}
