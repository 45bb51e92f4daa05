import { modelOutputSchema, type ModelOutput } from './model-output.js';

/** What the model's text turned out to be. */
export type ModelAnswer =
  | { kind: 'output'; output: ModelOutput }
  /** The model declined (OpenAI's `refusal`, a content filter): asking again gets the same. */
  | { kind: 'refused'; why: string }
  /** Cut off at the output-token limit or the context's end: the same prompt gets cut off again. */
  | { kind: 'truncated'; why: string }
  /** Prose, JSON that does not parse, or JSON that breaks the schema: worth one more try with a note. */
  | { kind: 'invalid'; why: string };

/** The settings that make room for an answer, named in the truncation message. */
const makeRoom =
  'give the model a larger context (set it on the model server, e.g. OLLAMA_CONTEXT_LENGTH, and tell mcpsim with MCPSIM_MODEL_CONTEXT) or set a smaller MCPSIM_PROMPT_BUDGET';

/**
 * Reads the text a model wrote when the AI SDK could not take it as the output schema's JSON: the
 * habits of small local models are accepted (JSON inside a ```json fence, or after a sentence of
 * preamble), a refusal and a truncation (`finishReason` `content-filter` / `length`, which is what
 * the OpenAI provider makes of `refusal`, `finish_reason: length` and Responses' `incomplete`) are
 * named as such, and anything else says which field failed and quotes what the model wrote.
 *
 * @example
 *   readModelAnswer('Sure! ```json\n{"text":"ok",...}\n```', 'stop'); // { kind: 'output', output: {...} }
 *   readModelAnswer('{"text": "Ali', 'length'); // { kind: 'truncated', why: 'the answer was cut off ...' }
 */
export function readModelAnswer(text: string, finishReason: string | undefined): ModelAnswer {
  if (finishReason === 'content-filter') return { kind: 'refused', why: `the model refused to answer: "${quote(text, 300)}"` };
  if (finishReason === 'length')
    return {
      kind: 'truncated',
      why: `the answer was cut off at the model's output or context limit (finish reason "length") after ${text.length} characters ("${quote(text)}"): ${makeRoom}`,
    };
  const json = extractJson(text);
  if (json === null) return { kind: 'invalid', why: `the model wrote no JSON object: "${quote(text)}"` };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { kind: 'invalid', why: `the model's JSON does not parse (${(error as Error).message}): "${quote(text)}"` };
  }
  const parsed = modelOutputSchema.safeParse(value);
  if (parsed.success) return { kind: 'output', output: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : '(the whole answer)';
  return { kind: 'invalid', why: `field ${field} of the model's JSON is wrong (${issue.message}): "${quote(text)}"` };
}

/** The JSON object in a text: all of it, the inside of its first code fence, or from the first `{` to the last `}`. */
function extractJson(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return trimmed;
  const fenced = /```[a-zA-Z]*\s*\n?([\s\S]*?)```/.exec(trimmed)?.[1]?.trim();
  if (fenced?.startsWith('{')) return fenced;
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  return start >= 0 && end > start ? trimmed.slice(start, end + 1) : null;
}

/** The first characters of what the model wrote, on one line. */
function quote(text: string, length = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}
