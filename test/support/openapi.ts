import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';

type Json = Record<string, unknown>;

interface Operation {
  responses: Record<string, { headers?: Record<string, Json>; content?: Record<string, { schema: Json }> }>;
}

/**
 * Checks HTTP responses against the service's own OpenAPI document: a /v1 response to a
 * documented path and method must have a documented status, the required headers, and a body
 * that its schema accepts. Other requests (GraphQL, unknown paths, undocumented methods) pass.
 */
export class OpenApiConformance {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly paths: Array<{ pattern: RegExp; template: string }>;

  constructor(private readonly document: Json) {
    this.ajv.addSchema(document, 'openapi.json');
    this.paths = Object.keys(document.paths as Json).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
    }));
  }

  /** What is wrong with this response by the document; empty when it conforms. */
  problems(method: string, url: string, response: Pick<Response, 'status' | 'headers' | 'body'>): string[] {
    const requestPath = new URL(url, 'http://x').pathname;
    const template = this.paths.find(({ pattern }) => pattern.test(requestPath))?.template;
    const operation = template && ((this.document.paths as Record<string, Record<string, Operation>>)[template][method.toLowerCase()] as Operation | undefined);
    if (!template || !operation) return [];
    const where = `${method} ${template} → ${response.status}`;
    const documented = operation.responses[String(response.status)];
    if (!documented) return [`${where}: status not documented (body ${JSON.stringify(response.body)})`];

    const problems: string[] = [];
    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      const value = response.headers[name.toLowerCase()] as string | undefined;
      if (value === undefined) {
        if (header.required) problems.push(`${where}: header ${name} missing`);
      } else if ((header.schema as Json).type === 'integer' && !/^\d+$/.test(value)) {
        problems.push(`${where}: header ${name} is not an integer: ${value}`);
      }
    }
    const pointer = ['paths', template, method.toLowerCase(), 'responses', String(response.status), 'content', 'application/json', 'schema'];
    const validate = this.validator(pointer);
    if (!validate(response.body)) {
      problems.push(`${where}: body ${JSON.stringify(response.body).slice(0, 300)} — ${this.ajv.errorsText(validate.errors)}`);
    }
    return problems;
  }

  private validator(pointer: string[]): ValidateFunction {
    const ref = `openapi.json#/${pointer.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}
