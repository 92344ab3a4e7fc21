import { GraphQLObjectType, GraphQLSchema, GraphQLString, GraphQLUnionType } from 'graphql';
import { withSynchronousUnions } from '../../src/app/operation-executor';
import { buildParleySchema } from '../../src/app/schema';

describe('the executor and the schema it needs', () => {
  it("gives every union of Parley's schema a resolver that names the type at once", async () => {
    const schema = await buildParleySchema();
    withSynchronousUnions(schema);
    const unions = Object.values(schema.getTypeMap()).filter((type): type is GraphQLUnionType => type instanceof GraphQLUnionType);
    expect(unions.map((union) => union.name)).toContain('TransactionParameters');
    const parameters = schema.getType('TransactionParameters') as GraphQLUnionType;
    const resolve = (value: object) => parameters.resolveType!(value, {}, {} as never, parameters);
    expect(resolve({ recipient: 'x' })).toBe('TransferParameters');
    expect(resolve({ inputToken: 'x' })).toBe('SwapParameters');
  });

  it('refuses, at start, a union declared without its own resolveType', () => {
    const member = (name: string) => new GraphQLObjectType({ name, fields: { id: { type: GraphQLString } } });
    const orphan = new GraphQLUnionType({ name: 'UndeclaredUnion', types: [member('A'), member('B')] });
    const schema = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { either: { type: orphan } } }) });
    expect(() => withSynchronousUnions(schema)).toThrow('The union UndeclaredUnion needs a resolveType');
  });
});
