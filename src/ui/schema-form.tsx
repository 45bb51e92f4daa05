/**
 * A form for a tool's `inputSchema`: strings, numbers, integers, booleans, enums, arrays of those
 * (one item per line), nested objects (a fieldset), required marks and descriptions as help; any
 * other schema gets a JSON editor. Field names are the property paths (`a.b`), which
 * `toArguments` reads back with the same schema.
 */

type Schema = Record<string, unknown>;

/** The fields of a form for `schema` (an object schema), named under `prefix`. */
export function SchemaFields({ schema, prefix = 'arg', idPrefix }: { schema: unknown; prefix?: string; idPrefix: string }) {
  const { properties, required } = objectParts(schema);
  if (properties.length === 0) return <p class="muted">This tool takes no arguments.</p>;
  return (
    <>
      {properties.map(([name, property]) => (
        <Field name={`${prefix}.${name}`} idPrefix={idPrefix} label={name} schema={property} required={required.has(name)} />
      ))}
    </>
  );
}

function Field({
  name,
  idPrefix,
  label,
  schema,
  required,
}: {
  name: string;
  idPrefix: string;
  label: string;
  schema: Schema;
  required: boolean;
}) {
  // Ids are unique on the page, which holds a form per tool.
  const id = `${idPrefix}-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  const description = typeof schema.description === 'string' ? schema.description : null;
  const help = description === null ? undefined : `${id}-help`;
  const kind = kindOf(schema);
  const caption = (
    <>
      {label}
      {required ? (
        <span class="required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}{' '}
      <span class="muted">({kind === 'json' ? 'JSON' : kind})</span>
      {description === null ? null : (
        <span class="help" id={help}>
          {description}
        </span>
      )}
    </>
  );
  if (kind === 'object') {
    return (
      <fieldset>
        <legend>{caption}</legend>
        <SchemaFields schema={schema} prefix={name} idPrefix={idPrefix} />
      </fieldset>
    );
  }
  const common = { id, name, 'aria-describedby': help, required: required && kind !== 'boolean' ? true : undefined };
  let control;
  if (kind === 'boolean') control = <input type="checkbox" value="true" {...common} checked={schema.default === true} />;
  else if (kind === 'enum') {
    control = (
      <select {...common}>
        {required ? null : <option value="">(none)</option>}
        {(schema.enum as unknown[]).map((value) => (
          <option value={JSON.stringify(value)}>{String(value)}</option>
        ))}
      </select>
    );
  } else if (kind === 'number' || kind === 'integer')
    control = <input type="number" step={kind === 'integer' ? '1' : 'any'} {...common} value={numberDefault(schema.default)} />;
  else if (kind === 'string')
    control = <input type="text" {...common} value={typeof schema.default === 'string' ? schema.default : undefined} />;
  else control = <textarea rows={3} {...common} placeholder={kind === 'array' ? 'one item per line' : 'JSON'}></textarea>;
  return (
    <div>
      <label for={id}>{caption}</label>
      {control}
    </div>
  );
}

type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'object' | 'array' | 'json';

function kindOf(schema: Schema): Kind {
  if (
    Array.isArray(schema.enum) &&
    schema.enum.length > 0 &&
    schema.enum.every((value) => ['string', 'number', 'boolean'].includes(typeof value))
  )
    return 'enum';
  const type = schema.type;
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') return type;
  if (type === 'object' && isRecord(schema.properties)) return 'object';
  if (type === 'array' && isRecord(schema.items) && ['string', 'number', 'integer'].includes(String(schema.items.type))) return 'array';
  return 'json';
}

function objectParts(schema: unknown): { properties: [string, Schema][]; required: Set<string> } {
  if (!isRecord(schema) || !isRecord(schema.properties)) return { properties: [], required: new Set() };
  const properties = Object.entries(schema.properties).map(([name, value]): [string, Schema] => [name, isRecord(value) ? value : {}]);
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [],
  );
  return { properties, required };
}

function numberDefault(value: unknown): string | undefined {
  return typeof value === 'number' ? String(value) : undefined;
}

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The arguments a submitted form stands for, read with the schema that built it: empty optional
 * fields are left out, numbers and booleans typed, arrays split by line, JSON fields parsed. A
 * non-empty `raw` (the raw JSON editor) wins over the fields. Throws a message naming the field
 * when a value cannot be read; the API validates the rest.
 *
 * @example
 *   toArguments(schema, new Map([['arg.limit', '5']]), ''); // { limit: 5 }
 */
export function toArguments(schema: unknown, form: Map<string, string>, raw: string): Record<string, unknown> {
  if (raw.trim() !== '') {
    const parsed = parseJson(raw, 'raw JSON');
    if (!isRecord(parsed)) throw new Error('raw JSON: must be a JSON object of arguments, e.g. {"query": "x"}');
    return parsed;
  }
  return readObject(schema, form, 'arg');
}

function readObject(schema: unknown, form: Map<string, string>, prefix: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, property] of objectParts(schema).properties) {
    const path = `${prefix}.${name}`;
    const value = readField(property, form, path);
    if (value !== undefined) result[name] = value;
  }
  return result;
}

function readField(schema: Schema, form: Map<string, string>, path: string): unknown {
  const kind = kindOf(schema);
  if (kind === 'object') {
    const value = readObject(schema, form, path);
    return Object.keys(value).length === 0 ? undefined : value;
  }
  if (kind === 'boolean') return form.has(path) ? true : schema.default === true ? false : undefined;
  const text = form.get(path) ?? '';
  if (text === '') return undefined;
  const label = path.slice('arg.'.length);
  switch (kind) {
    case 'string':
      return text;
    case 'number':
    case 'integer': {
      const number = Number(text);
      if (!Number.isFinite(number) || (kind === 'integer' && !Number.isInteger(number)))
        throw new Error(`${label}: "${text}" is not ${kind === 'integer' ? 'an integer' : 'a number'}`);
      return number;
    }
    case 'enum':
      return parseJson(text, label);
    case 'array': {
      const itemType = (schema.items as Schema).type;
      const lines = text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '');
      return itemType === 'string'
        ? lines
        : lines.map((line) => {
            const number = Number(line);
            if (!Number.isFinite(number)) throw new Error(`${label}: "${line}" is not a number (one item per line)`);
            return number;
          });
    }
    default:
      return parseJson(text, label);
  }
}

function parseJson(text: string, label: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${label}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
}
