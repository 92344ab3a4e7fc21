import { Field, ObjectType, type ClassType } from 'type-graphql';
import type { Page } from './pagination';

@ObjectType({ description: 'Relay page information.' })
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page.' })
  endCursor!: string | null;
}

export interface Connection<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: PageInfo;
}

/** A Relay connection type over `Node` (type-graphql generic type). */
export function ConnectionType<T extends object>(name: string, Node: ClassType<T>) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field(() => String)
    cursor!: string;

    @Field(() => Node)
    node!: T;
  }

  @ObjectType(`${name}Connection`)
  class ConnectionClass implements Connection<T> {
    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;
  }
  return ConnectionClass;
}

/** A page as a connection, its nodes mapped to their GraphQL shape. */
export function toConnection<S, T>(page: Page<S>, toNode: (row: S) => T): Connection<T> {
  return {
    edges: page.nodes.map((row, i) => ({ cursor: page.cursors[i], node: toNode(row) })),
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.cursors.at(-1) ?? null },
  };
}
