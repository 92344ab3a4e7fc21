import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import 'reflect-metadata';
import { Authorized, Field, ObjectType } from 'type-graphql';
import { buildSchema } from 'graphql';
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

describe('graphql-schema-linter', () => {
  it('finds nothing in schema/schema.graphql with the rules kept in package.json (all but enum-values-all-caps: the values are the spec\'s own lower-case words)', () => {
    const root = path.join(__dirname, '..', '..');
    const { rules } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))['graphql-schema-linter'] as { rules: string[] };
    expect(rules).toHaveLength(18);
    expect(rules).not.toContain('enum-values-all-caps');
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules', 'graphql-schema-linter', 'lib', 'cli.js'), '--format', 'json'], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(run.stdout)).toEqual({ errors: [] });
    expect(run.status).toBe(0);
  });

  it('is not silent: an undescribed field is found', () => {
    const root = path.join(__dirname, '..', '..');
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules', 'graphql-schema-linter', 'lib', 'cli.js'), '--format', 'json', '--stdin'], {
      cwd: root,
      encoding: 'utf8',
      input: '"""The root."""\ntype Query {\n  undescribed: String\n}\n',
    });
    expect(JSON.parse(run.stdout).errors.map((error: { rule: string }) => error.rule)).toContain('fields-have-descriptions');
  });
});

describe('descriptions', () => {
  it('every operation names the scope it needs', () => {
    // The checked-in SDL, which the first test holds equal to the built schema (a probe class above now stops builds).
    const schema = buildSchema(readFileSync(path.join(__dirname, '..', '..', 'schema', 'schema.graphql'), 'utf8'));
    const roots = [schema.getQueryType()!, schema.getMutationType()!, schema.getSubscriptionType()!];
    const unscoped = roots.flatMap((type) => Object.values(type.getFields()).filter((field) => !field.description?.includes('Scope:')).map((field) => `${type.name}.${field.name}`));
    expect(unscoped).toEqual([]);
    expect(schema.getQueryType()!.getFields().usage.description).toMatch(/Scope: any valid API key\.$/);
    expect(schema.getQueryType()!.getFields().messages.description).toMatch(/Scope: `read:messages` \(or `admin`\)\.$/);
  });
});
