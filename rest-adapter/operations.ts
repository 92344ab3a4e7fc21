import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse, validate, visit, type DefinitionNode, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { projectRoot } from '../src/shared/paths';
import { routes as defaultRoutes, type RestRoute } from './routes';

const OPERATIONS_DIR = path.join(projectRoot, 'rest-adapter', 'operations');

/**
 * Parses and validates a route's operation document against the schema. Called once per
 * route at start-up: a broken document stops the service from starting, not a request.
 */
function loadOperation(schema: GraphQLSchema, operation: string, shared: Map<string, FragmentDefinitionNode>): DocumentNode {
  const own = parse(readFileSync(path.join(OPERATIONS_DIR, `${operation}.graphql`), 'utf8'));
  const document: DocumentNode = { ...own, definitions: [...own.definitions, ...fragmentsUsedBy(own.definitions, shared)] };
  const errors = validate(schema, document);
  if (errors.length) throw new Error(`rest-adapter/operations/${operation}.graphql: ${errors.map((e) => e.message).join('; ')}`);
  return document;
}

/** Shared fragments (operations/fragments/*.graphql) by name. Read once per router. */
function sharedFragments(): Map<string, FragmentDefinitionNode> {
  const dir = path.join(OPERATIONS_DIR, 'fragments');
  const fragments = readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .flatMap((file) => parse(readFileSync(path.join(dir, file), 'utf8')).definitions)
    .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION);
  return new Map(fragments.map((fragment) => [fragment.name.value, fragment]));
}

/** The shared fragments that `definitions` spread, transitively (GraphQL refuses unused ones). */
function fragmentsUsedBy(definitions: readonly DefinitionNode[], shared: Map<string, FragmentDefinitionNode>): FragmentDefinitionNode[] {
  const used = new Map<string, FragmentDefinitionNode>();
  const pending = [...definitions];
  while (pending.length) {
    visit(pending.pop()!, {
      FragmentSpread(node) {
        const fragment = shared.get(node.name.value);
        if (fragment && !used.has(fragment.name.value)) {
          used.set(fragment.name.value, fragment);
          pending.push(fragment);
        }
      },
    });
  }
  return [...used.values()];
}

/** Each route's operation document, parsed and validated against the schema (see `loadOperation`). */
export function loadOperations(schema: GraphQLSchema, routes: RestRoute[] = defaultRoutes): Map<RestRoute, DocumentNode> {
  const fragments = sharedFragments();
  return new Map(routes.map((route) => [route, loadOperation(schema, route.operation, fragments)]));
}

/** The operation definition of a route's document (the fragments are the rest). */
export function operationOf(document: DocumentNode): OperationDefinitionNode {
  return document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION)!;
}

