import * as z from 'zod';
import { AppError } from '../errors.js';
import { isUnsafeTextIssue } from '../text/plain-text.js';
import { unsafeCharacterIn, unsafeTextMessage } from '../text/unsafe-characters.js';

/**
 * Query strings, read strictly. Express's parser turns `?limit=1&limit=2` into an array and
 * `%E0%A4%A` into a replacement character; here a repeated parameter, a broken escape, a control
 * character or a parameter the endpoint does not take is a 400 naming the parameter, never a
 * silent pick. Every value is held to the one text rule (src/text/unsafe-characters.ts) here,
 * whatever its schema, and the value is never repeated in the error.
 */

/** Splits a raw query string (without `?`) into decoded parameters, refusing repeats and bad escapes. */
export function readQuery(raw: string): Map<string, string> {
  const params = new Map<string, string>();
  if (raw === '') return params;
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const rawValue = equals === -1 ? '' : pair.slice(equals + 1);
    const name = decode(rawName, undefined);
    const unsafeName = unsafeCharacterIn(name, { multiline: false });
    if (unsafeName !== undefined) throw new AppError('invalid-parameter', `A parameter name ${unsafeTextMessage(unsafeName, { multiline: false })}.`);
    const value = decode(rawValue, name);
    if (params.has(name)) {
      throw new AppError('invalid-parameter', `Parameter "${name}" is given more than once; send it once.`, { field: name });
    }
    const unsafeValue = unsafeCharacterIn(value, { multiline: false });
    if (unsafeValue !== undefined) throw new AppError('invalid-parameter', `Parameter "${name}" ${unsafeTextMessage(unsafeValue, { multiline: false })}.`, { field: name });
    params.set(name, value);
  }
  return params;
}

function decode(text: string, name: string | undefined): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    const what = name === undefined ? 'A parameter name' : `Parameter "${name}"`;
    throw new AppError('invalid-parameter', `${what} has a broken percent-encoding (it must be UTF-8, each byte written %XX).`, name === undefined ? {} : { field: name });
  }
}

/** One query parameter of an endpoint, described for error messages and the API documents. */
export interface QueryParameter {
  readonly name: string;
  readonly schema: z.ZodType;
  readonly required: boolean;
  readonly integer: boolean;
  /** "one of pl, en", "a whole number from 1 to 25 (default 8)", "1 to 200 characters". */
  readonly allowed: string;
  readonly description: string;
  readonly jsonSchema: Record<string, unknown>;
}

/**
 * A query schema (a strict zod object whose fields are the parameters) with everything derived
 * from it once: which fields are integers (their strings are converted before validation), and
 * how to say what each takes.
 */
export class QuerySchema<Shape extends z.ZodRawShape = z.ZodRawShape> {
  readonly parameters: readonly QueryParameter[];
  readonly #byName: ReadonlyMap<string, QueryParameter>;

  constructor(readonly schema: z.ZodObject<Shape>) {
    this.parameters = Object.entries(schema.shape).map(([name, field]) => describeParameter(name, field as z.ZodType));
    this.#byName = new Map(this.parameters.map((parameter) => [parameter.name, parameter]));
  }

  /** Validates decoded parameters; every failure is an `invalid-parameter` naming one parameter and what it takes. */
  parse(params: ReadonlyMap<string, string>, endpointPath: string): z.output<z.ZodObject<Shape>> {
    const input: Record<string, unknown> = {};
    for (const [name, value] of params) {
      const parameter = this.#byName.get(name);
      if (!parameter) throw unknownParameter(name, endpointPath, this.parameters);
      input[name] = parameter.integer && /^(0|[1-9]\d{0,8})$/.test(value) ? Number(value) : value;
    }
    const result = this.schema.safeParse(input);
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? '');
    const parameter = this.#byName.get(name);
    if (!parameter) throw new AppError('invalid-parameter', `Invalid query: ${issue.message}.`);
    if (isUnsafeTextIssue(issue)) throw new AppError('invalid-parameter', `Parameter "${name}" ${issue.message}.`, { field: name });
    const given = params.get(name);
    const got = given === undefined ? 'it is missing' : `got ${JSON.stringify(given)}`;
    throw new AppError('invalid-parameter', `Parameter "${name}" must be ${parameter.allowed}; ${got}.`, { field: name });
  }
}

function unknownParameter(name: string, endpointPath: string, parameters: readonly QueryParameter[]): AppError {
  const takes = parameters.length === 0 ? 'takes no parameters' : `takes only ${parameters.map((parameter) => parameter.name).join(', ')}`;
  const hint = name === 'access_token' ? ' Send a token in the Authorization header (Bearer), never in the URL.' : '';
  return new AppError('invalid-parameter', `Unknown parameter "${name}": ${endpointPath} ${takes}.${hint}`, { field: name });
}

function describeParameter(name: string, field: z.ZodType): QueryParameter {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(field, { io: 'input', unrepresentable: 'throw' }) as Record<string, unknown>;
  const required = !field.safeParse(undefined).success;
  const integer = jsonSchema.type === 'integer';
  return {
    name,
    schema: field,
    required,
    integer,
    allowed: allowedValues(jsonSchema, required),
    description: typeof jsonSchema.description === 'string' ? jsonSchema.description : '',
    jsonSchema,
  };
}

function allowedValues(schema: Record<string, unknown>, required: boolean): string {
  const fallback = schema.default === undefined ? '' : ` (default ${String(schema.default)})`;
  const presence = required ? 'given, and ' : '';
  if (Array.isArray(schema.enum)) return `${presence}one of ${schema.enum.join(', ')}${fallback}`;
  if (schema.type === 'integer') return `${presence}a whole number from ${String(schema.minimum)} to ${String(schema.maximum)}${fallback}`;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  if (max === undefined) return `${presence}text`;
  return min > 0 ? `${presence}${min} to ${max} characters long` : `${presence}at most ${max} characters long`;
}
