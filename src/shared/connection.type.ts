import { Field, ObjectType, type ClassType } from 'type-graphql';
import type { Page } from './pagination';

@ObjectType({ description: 'Where a page of a Relay connection stands (https://relay.dev/graphql/connections.htm). Pages go forward only, with `first` and `after`.' })
export class PageInfo {
  @Field(() => Boolean, { description: 'True when more items follow this page: ask again with `after: endCursor`.' })
  hasNextPage!: boolean;

  @Field(() => Boolean, { description: 'Always false: pages go forward only (`first`/`after`), which the Relay spec allows.' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Cursor of the first item of the page; null for an empty page.' })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: 'Cursor of the last item: pass it as `after` for the next page; null for an empty page.' })
  endCursor!: string | null;
}

export interface Connection<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: PageInfo;
}

/** A Relay connection type over `Node` (type-graphql generic type). */
export function ConnectionType<T extends object>(name: string, Node: ClassType<T>) {
  @ObjectType(`${name}Edge`, { description: `One ${name} of a page, with its cursor.` })
  class Edge {
    @Field(() => String, { description: 'Opaque: pass it as `after` to get the items after this one.' })
    cursor!: string;

    @Field(() => Node, { description: `The ${name}.` })
    node!: T;
  }

  @ObjectType(`${name}Connection`, { description: `A page of ${name} items (Relay connection).` })
  class ConnectionClass implements Connection<T> {
    @Field(() => [Edge], { description: 'The items of the page, in order.' })
    edges!: Edge[];

    @Field(() => PageInfo, { description: 'Whether more follow, and the cursor to ask for them.' })
    pageInfo!: PageInfo;
  }
  return ConnectionClass;
}

/**
 * A page as a connection, its nodes mapped to their GraphQL shape. Cursors are encoded only
 * when a query reads them (why: bench/README.md#kept-speed-tricks).
 */
export function toConnection<S, T>(page: Page<S>, toNode: (row: S) => T): Connection<T> {
  const { nodes, hasNextPage, cursorOf } = page;
  return {
    edges: nodes.map((row) => new LazyEdge(toNode(row), row, cursorOf)),
    pageInfo: new LazyPageInfo(hasNextPage, nodes.at(-1), cursorOf, nodes[0]),
  };
}

class LazyEdge<S, T> {
  constructor(
    readonly node: T,
    private readonly row: S,
    private readonly cursorOf: (row: S) => string,
  ) {}

  get cursor(): string {
    return this.cursorOf(this.row);
  }
}

class LazyPageInfo<S> {
  readonly hasPreviousPage = false;

  constructor(
    readonly hasNextPage: boolean,
    private readonly last: S | undefined,
    private readonly cursorOf: (row: S) => string,
    private readonly first: S | undefined,
  ) {}

  get startCursor(): string | null {
    return this.first === undefined ? null : this.cursorOf(this.first);
  }

  get endCursor(): string | null {
    return this.last === undefined ? null : this.cursorOf(this.last);
  }
}
