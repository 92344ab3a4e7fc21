import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type GraphQLType,
  type SelectionSetNode,
} from 'graphql';
import { HTTP_STATUS, type ErrorCode } from '../src/shared/errors';
import { projectRoot } from '../src/shared/paths';
import { operationOf } from './operations';
import { readsBody, type RestRoute } from './routes';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = Record<string, unknown>;

/**
 * The OpenAPI 3.1 description of the /v1 API, served at GET /v1/openapi.json.
 *
 * Paths, parameters, bodies and response payloads are derived from the route table and the
 * GraphQL operations each route runs, so the document describes exactly what the adapter
 * sends: a field added to an operation appears here, and the REST tests check every response
 * they receive against this document.
 */
export function openApiDocument(schema: GraphQLSchema, documents: Map<RestRoute, DocumentNode>): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [route, document] of documents) {
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
    paths[openApiPath] = { ...paths[openApiPath], [route.method.toLowerCase()]: describeOperation(schema, route, document) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parley API',
      version: VERSION,
      description: API_DESCRIPTION,
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set([...documents.keys()].map(tagOf))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key, `parley_live_<32 base62>` (mainnet) or `parley_test_<32 base62>` (devnet, 100 requests a day). ' +
            'A missing, malformed, unknown, expired or revoked key gets 401 `unauthorized`.',
        },
      },
      schemas: {
        Meta: {
          type: 'object',
          required: ['requestId', 'timestamp'],
          additionalProperties: false,
          properties: {
            requestId: { type: 'string', pattern: '^req_', description: 'Also in the X-Request-Id header; quote it when reporting a problem.' },
            timestamp: { type: 'string', format: 'date-time' },
          },
        },
        Error: {
          type: 'object',
          required: ['error', 'meta'],
          additionalProperties: false,
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              additionalProperties: false,
              properties: {
                code: { type: 'string', enum: Object.keys(HTTP_STATUS) },
                message: { type: 'string', description: 'For people; may change. Branch on `code`.' },
                field: { type: 'string', description: 'The request field at fault, for `validation_error`.' },
                details: {
                  type: 'object',
                  description: 'More about the error: `requiredScope` on 403, `reason` on 422, `retryAfter` on 429, `cost` and `limit` on a too costly query.',
                },
              },
            },
            meta: { $ref: '#/components/schemas/Meta' },
          },
        },
      },
    },
  };
}

const VERSION = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

const API_DESCRIPTION = `The published /v1 REST API of Parley, a conversational wallet agent for Solana.

Every endpoint needs \`Authorization: Bearer <API key>\`. Bodies are JSON (\`Content-Type: application/json\`, at most 64 KiB).
A successful response carries the payload fields at the top level of the body, beside \`meta\` (\`requestId\`, \`timestamp\`).
An error is \`{ "error": { "code", "message", "field"?, "details"? }, "meta" }\` with the status of its code.

Every authenticated response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (Unix seconds)
for the key's per-minute window; a refused request gets 429 with \`Retry-After\`. Amounts in base units are integer strings.

Beyond the operations below, any request may get 405 \`method_not_allowed\` (with \`Allow\`) for a method a path does not
have, and 404 \`not_found\` for an unknown path.
The same operations are available over GraphQL at \`/graphql\` (open it in a browser for the playground).`;

const header = (description: string, schema: JsonSchema = { type: 'integer' }) => ({ description, schema });

/** Response headers, by name; a response marks those it always carries as required. */
const HEADERS: Record<string, JsonSchema> = {
  'X-Request-Id': header('The request id, as in `meta.requestId`.', { type: 'string', pattern: '^req_' }),
  'X-RateLimit-Limit': header("Requests allowed in the key's current minute."),
  'X-RateLimit-Remaining': header('Requests left in the current minute.'),
  'X-RateLimit-Reset': header('When the minute window resets, in Unix seconds.'),
  'Retry-After': header('Seconds to wait before retrying.'),
  'Idempotent-Replayed': header('`true` when this is the stored response to an earlier request with the same Idempotency-Key.', {
    type: 'string',
    enum: ['true'],
  }),
};

/**
 * Errors any endpoint may answer (a body over 64 KiB is refused before the route is known to
 * read none); bodies and idempotency add theirs (see `errorsOf`).
 */
const COMMON_ERRORS: ErrorCode[] = [
  'validation_error',
  'unauthorized',
  'forbidden',
  'origin_not_allowed',
  'payload_too_large',
  'headers_too_large',
  'rate_limit_exceeded',
  'internal_error',
  'service_unavailable',
];

const ERROR_MEANINGS: Record<ErrorCode, string> = {
  validation_error: 'a parameter or body field is invalid; `field` names it',
  unauthorized: 'the key is missing, malformed, unknown, expired or revoked',
  forbidden: 'the key lacks the scope in `details.requiredScope`, or a client token asks for what it cannot do',
  origin_not_allowed: "the request's `Origin` is not among the key's or client token's `allowedOrigins`",
  not_found: 'there is no such resource here',
  session_not_found: 'the session does not exist, expired or was terminated',
  token_not_found: 'the token is unknown or unsupported',
  key_not_found: 'no key of your account has this id',
  transaction_not_found: 'no transaction of your account has this id',
  method_not_allowed: 'the path does not have this method',
  idempotency_conflict: 'the Idempotency-Key was used with another request, or that request is still running',
  key_already_rotated: 'the key was rotated before; `details.successorKeyId` is the key that replaced it',
  transaction_expired:
    'the transaction can no longer land: its blockhash expired (refresh it with POST /v1/transactions/{id}/refresh and sign the new one) or it was replaced (`details.replacedBy`)',
  transaction_not_refreshable: 'only a built or expired transaction can be refreshed; `details.status` is where this one stands',
  payload_too_large: 'the body is over 64 KiB',
  headers_too_large: 'the URL and headers are over 16 KiB',
  unsupported_media_type: 'the body is not application/json',
  parsing_error: 'the command cannot be turned into a transaction; `details.reason` says why in words, `details.suggestions` lists tokens it may have meant, and `details.ask` (`input`, `output`, `token`, `amount` or `recipient`) is the one thing a clarifying question asks for: the session keeps the command, and the next message can answer with just that',
  rate_limit_exceeded: "the key's requests per minute (or a test key's per day) are used up",
  transaction_limit_exceeded: "the account's transactions per day are used up",
  internal_error: 'a fault of ours, logged with the request id',
  service_unavailable: 'the database, the RPC node or the price source is unreachable; retry',
};

function errorsOf(route: RestRoute): ErrorCode[] {
  return [
    ...COMMON_ERRORS,
    ...(readsBody(route) ? (['unsupported_media_type'] as const) : []),
    ...(route.idempotent ? (['idempotency_conflict'] as const) : []),
    ...(route.errors ?? []),
  ];
}

const tagOf = (route: RestRoute) => route.path.split('/')[2];

function describeOperation(schema: GraphQLSchema, route: RestRoute, document: DocumentNode): JsonSchema {
  const operation = operationOf(document);
  const rootType = operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  const rootNode = operation.selectionSet.selections.find(
    (selection): selection is FieldNode => selection.kind === Kind.FIELD && selection.name.value === route.result.field,
  )!;
  const rootField = rootType.getFields()[route.result.field];
  const fragments = new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const argumentsByVariable = new Map(
    (operation.variableDefinitions ?? []).map((definition) => [definition.variable.name.value, argumentOf(rootField, rootNode, definition.variable.name.value)]),
  );
  const output = new OutputSchemas(fragments, route.result.omitNulls === true);

  const parameters: JsonSchema[] = Object.entries(route.variables)
    .filter(([, source]) => source.in !== 'body')
    .map(([variable, source]) => {
      const argument = argumentsByVariable.get(variable)!;
      return {
        name: source.name,
        in: source.in,
        required: source.in === 'path' || isNonNullType(argument.type),
        ...(argument.description && { description: argument.description }),
        schema: inputSchema(argument.type),
      };
    });
  if (route.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Makes a retry safe: the same key with the same body within 24 hours returns the first response instead of acting again.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }

  const payload = route.result.list
    ? listPayload(route.result.list, output, getNamedType(rootField.type) as GraphQLObjectType, rootNode.selectionSet!)
    : output.of(rootField.type, rootNode.selectionSet);
  const success = {
    description: rootField.description ?? route.summary,
    headers: {
      ...headers(['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'], true),
      ...(route.idempotent && headers(['Idempotent-Replayed'], false)),
    },
    content: { 'application/json': { schema: withMeta(payload) } },
  };

  return {
    operationId: camelCase(route.operation),
    summary: route.summary,
    description: `${rootField.description ?? route.summary}\n\nScope: ${route.scope === 'any key' ? 'any key' : `\`${route.scope}\` (or \`admin\`)`}.`,
    tags: [tagOf(route)],
    'x-parley-scope': route.scope,
    ...(parameters.length && { parameters }),
    ...(readsBody(route) && { requestBody: requestBody(route, argumentsByVariable) }),
    responses: { [String(route.status ?? 200)]: success, ...errorResponses(errorsOf(route)) },
  };
}

/** The argument of the root field a variable is passed to, with its type and description. */
function argumentOf(field: GraphQLField<unknown, unknown>, node: FieldNode, variable: string): GraphQLArgument {
  const passed = node.arguments?.find((argument) => argument.value.kind === Kind.VARIABLE && argument.value.name.value === variable);
  const argument = field.args.find((candidate) => candidate.name === passed?.name.value);
  if (!argument) throw new Error(`$${variable} is not an argument of ${field.name}`);
  return argument;
}

function requestBody(route: RestRoute, argumentsByVariable: Map<string, GraphQLArgument>): JsonSchema {
  const fromBody = Object.entries(route.variables).filter(([, source]) => source.in === 'body');
  const whole = fromBody.find(([, source]) => !source.name);
  if (whole) {
    const argument = argumentsByVariable.get(whole[0])!;
    return { required: isNonNullType(argument.type), content: { 'application/json': { schema: inputSchema(argument.type) } } };
  }
  const fields = fromBody.map(([variable, source]) => ({ name: source.name!, argument: argumentsByVariable.get(variable)! }));
  const properties = Object.fromEntries(fields.map(({ name, argument }) => [name, described(inputSchema(argument.type), argument.description)]));
  const required = fields.filter(({ argument }) => isNonNullType(argument.type)).map(({ name }) => name);
  return {
    required: true,
    content: { 'application/json': { schema: { type: 'object', required, additionalProperties: false, properties } } },
  };
}

function listPayload(list: string, output: OutputSchemas, connection: GraphQLObjectType, selections: SelectionSetNode): JsonSchema {
  const edges = output.fieldNodes(selections).find((node) => node.name.value === 'edges')!;
  const edgeType = getNamedType(connection.getFields().edges.type) as GraphQLObjectType;
  const nodeField = output.fieldNodes(edges.selectionSet!).find((node) => node.name.value === 'node')!;
  return {
    type: 'object',
    required: [list, 'pagination'],
    additionalProperties: false,
    properties: {
      [list]: { type: 'array', items: output.of(edgeType.getFields().node.type, nodeField.selectionSet!) },
      pagination: {
        type: 'object',
        required: ['hasMore', 'nextCursor'],
        additionalProperties: false,
        properties: {
          hasMore: { type: 'boolean' },
          nextCursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null on the last page.' },
        },
      },
    },
  };
}

function withMeta(payload: JsonSchema): JsonSchema {
  return {
    ...payload,
    required: [...(payload.required as string[]), 'meta'],
    properties: { ...(payload.properties as JsonSchema), meta: { $ref: '#/components/schemas/Meta' } },
  };
}

function headers(names: string[], required: boolean): Record<string, JsonSchema> {
  return Object.fromEntries(names.map((name) => [name, { ...HEADERS[name], required }]));
}

/** One response per status, its body's `code` narrowed to the codes this endpoint answers with it. */
function errorResponses(codes: ErrorCode[]): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(HTTP_STATUS[code], [...(byStatus.get(HTTP_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, sameStatus]) => [
      String(status),
      {
        description: sameStatus.map((code) => `\`${code}\`: ${ERROR_MEANINGS[code]}.`).join(' '),
        headers: {
          ...headers(['X-Request-Id'], true),
          // Present whenever the key was accepted; a refused key or a body refused before authentication has none.
          ...headers(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'], status === 429),
          ...(status === 429 && headers(['Retry-After'], true)),
        },
        content: {
          'application/json': {
            schema: {
              allOf: [
                { $ref: '#/components/schemas/Error' },
                { properties: { error: { properties: { code: { enum: sameStatus } } } } },
              ],
            },
          },
        },
      },
    ]),
  );
}

/**
 * JSON Schemas of GraphQL results as the REST adapter sends them: the selected fields only,
 * nothing else allowed; a nullable field is `null` when empty, or left out when the route
 * omits nulls.
 */
class OutputSchemas {
  constructor(
    private readonly fragments: Map<string, FragmentDefinitionNode>,
    private readonly omitNulls: boolean,
  ) {}

  of(type: GraphQLOutputType, selections?: SelectionSetNode): JsonSchema {
    const inner = getNullableType(type);
    const schema: JsonSchema = isListType(inner)
      ? { type: 'array', items: this.of(inner.ofType, selections) }
      : isObjectType(inner)
        ? this.object(inner, selections!)
        : isUnionType(inner)
          ? { oneOf: inner.getTypes().map((member) => this.object(member, this.selectionsOn(member, selections!))) }
          : leafSchema(inner);
    return isNonNullType(type) || this.omitNulls ? schema : orNull(schema);
  }

  /** The field nodes of a selection set, with fragment spreads and inline fragments flattened. */
  fieldNodes(selections: SelectionSetNode): FieldNode[] {
    return selections.selections.flatMap((selection) => {
      if (selection.kind === Kind.FIELD) return [selection];
      if (selection.kind === Kind.INLINE_FRAGMENT) return this.fieldNodes(selection.selectionSet);
      return this.fieldNodes(this.fragments.get(selection.name.value)!.selectionSet);
    });
  }

  /**
   * The selections that apply to one member of a union: its inline fragments and fragment
   * spreads on that type, and fields selected on the union itself (only `__typename` can be).
   */
  private selectionsOn(member: GraphQLObjectType, selections: SelectionSetNode): SelectionSetNode {
    const applies = (typeName: string | undefined) => typeName === undefined || typeName === member.name;
    return {
      kind: Kind.SELECTION_SET,
      selections: selections.selections.flatMap((selection) => {
        if (selection.kind === Kind.FIELD) return [selection];
        if (selection.kind === Kind.INLINE_FRAGMENT) return applies(selection.typeCondition?.name.value) ? selection.selectionSet.selections : [];
        const fragment = this.fragments.get(selection.name.value)!;
        return applies(fragment.typeCondition.name.value) ? fragment.selectionSet.selections : [];
      }),
    };
  }

  private object(type: GraphQLObjectType, selections: SelectionSetNode): JsonSchema {
    const fields = this.fieldNodes(selections).map((node) => [node, type.getFields()[node.name.value]] as const);
    return {
      type: 'object',
      required: fields.filter(([, field]) => isNonNullType(field.type) || !this.omitNulls).map(([node]) => responseName(node)),
      additionalProperties: false,
      properties: Object.fromEntries(
        fields.map(([node, field]) => [responseName(node), described(this.of(field.type, node.selectionSet), field.description)]),
      ),
    };
  }
}

const responseName = (node: FieldNode) => node.alias?.value ?? node.name.value;

function inputSchema(type: GraphQLInputType): JsonSchema {
  const inner = getNullableType(type);
  let schema: JsonSchema;
  if (isListType(inner)) schema = { type: 'array', items: inputSchema(inner.ofType) };
  else if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    schema = {
      type: 'object',
      required: fields.filter((field) => isNonNullType(field.type) && field.defaultValue === undefined).map((field) => field.name),
      additionalProperties: false,
      properties: Object.fromEntries(fields.map((field) => [field.name, described(inputSchema(field.type), field.description)])),
    };
    schema = described(schema, inner.description);
  } else schema = leafSchema(inner);
  return isNonNullType(type) ? schema : orNull(schema);
}

/** Scalars and enums. A scalar added to the schema without a mapping here stops the start-up. */
function leafSchema(type: GraphQLType): JsonSchema {
  if (isEnumType(type)) return { type: 'string', enum: type.getValues().map((value) => value.value as string) };
  if (!isScalarType(type)) throw new Error(`No JSON Schema for ${String(type)}`);
  const scalar = SCALARS[type.name];
  if (!scalar) throw new Error(`No JSON Schema for the scalar ${type.name}: add it to SCALARS in rest-adapter/openapi.ts`);
  return scalar;
}

const SCALARS: Record<string, JsonSchema> = {
  ID: { type: 'string' },
  String: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  DateTimeISO: { type: 'string', format: 'date-time' },
  JSONObject: { type: 'object' },
  SolanaAddress: { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$', description: 'A base58 Solana public key.' },
  DecimalAmount: { type: ['number', 'string'], description: 'Whole tokens, such as 2.5 or "0.000001", read exactly.' },
  IntegerAmount: {
    type: ['integer', 'string'],
    pattern: '^(0|[1-9][0-9]*)$',
    description: 'Base units: a JSON integer up to 2^53 − 1, else a string of digits.',
  },
};

function orNull(schema: JsonSchema): JsonSchema {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return { ...schema, type: [...types, 'null'], ...(Array.isArray(schema.enum) && { enum: [...schema.enum, null] }) };
}

function described(schema: JsonSchema, description: string | null | undefined): JsonSchema {
  return description ? { ...schema, description } : schema;
}

const camelCase = (name: string) => name[0].toLowerCase() + name.slice(1);
