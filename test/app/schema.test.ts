import { readFileSync } from 'node:fs';
import path from 'node:path';
import 'reflect-metadata';
import { Authorized, Field, ObjectType } from 'type-graphql';
import { buildParleySchema, printParleySchema } from '../../src/app/schema';

describe('schema/schema.graphql', () => {
  it('matches the schema the code builds (run `npm run schema:emit` after changing types)', async () => {
    const checkedIn = readFileSync(path.join(__dirname, '..', '..', 'schema', 'schema.graphql'), 'utf8');
    expect(printParleySchema(await buildParleySchema())).toBe(checkedIn);
  });
});

describe('plain fields', () => {
  it('refuses to build when a plain field carries @Authorized, which would not run on it', async () => {
    @ObjectType()
    class Probe {
      @Authorized('admin')
      @Field(() => String)
      secret!: string;
    }
    expect(Probe).toBeDefined();
    await expect(buildParleySchema()).rejects.toThrow('Probe.secret: put @Authorized and @UseMiddleware on a resolver or field resolver, not on a plain field');
  });
});
