/** The parts of an OpenAPI 3.1 document the 接口文档 page reads (server/plugins/app/api-docs.ts writes them). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  contentMediaType?: string;
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  $ref?: string;
}

interface MediaContent {
  schema?: JsonSchema;
}

interface OperationObject {
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string }[];
  requestBody?: { content?: Record<string, MediaContent> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaContent> }>;
  security?: unknown[];
  'x-permission'?: string;
  'x-scope'?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OperationObject>>;
}

export const METHODS = ['get', 'post', 'put', 'delete'] as const;
export type Method = (typeof METHODS)[number];

/** One row of the field tree: a field of a query, body or answer, its type in words, and its children. */
export interface FieldRow {
  key: string;
  name: string;
  type: string;
  required: boolean;
  note: string;
  children?: FieldRow[];
}

export interface Operation {
  key: string;
  method: Method;
  path: string;
  tag: string;
  /** Who may call it: 公开, 登录即可, or the permission code. */
  access: string;
  parameters: FieldRow[];
  /** The body's media type and fields, if it takes one. */
  body: { mediaType: string; fields: FieldRow[] } | null;
  /** The success answer: JSON fields, or a file's media types. */
  answer: { mediaType: string; fields: FieldRow[] }[];
}

const SCOPE_TEXT: Record<string, string> = { self: '本人数据', all: '全部数据', placement: '按关系可见的学生' };

function typeText(schema: JsonSchema): string {
  if (schema.const !== undefined) return `固定值 ${JSON.stringify(schema.const)}`;
  if (schema.enum) return `枚举 ${schema.enum.map((v) => JSON.stringify(v)).join(' | ')}`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeText).join(' 或 ');
  if (schema.contentMediaType || schema.format === 'binary') return `文件${schema.contentMediaType ? ` ${schema.contentMediaType}` : ''}`;
  const types = ([] as string[]).concat(schema.type ?? '任意');
  const named = types.map((type) => (type === 'array' ? `数组<${schema.items ? typeText(schema.items) : '任意'}>` : (TYPE_NAMES[type] ?? type)));
  return named.join(' 或 ') + (schema.format ? `（${schema.format}）` : '');
}

const TYPE_NAMES: Record<string, string> = { string: '字符串', number: '数字', integer: '整数', boolean: '布尔', object: '对象', null: 'null' };

function noteOf(schema: JsonSchema): string {
  const limits = [
    schema.minimum !== undefined && `≥${schema.minimum}`,
    schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER && `≤${schema.maximum}`,
    schema.minLength !== undefined && `至少${schema.minLength}字`,
    schema.maxLength !== undefined && `至多${schema.maxLength}字`,
    schema.pattern && `格式 ${schema.pattern}`,
  ].filter(Boolean);
  return [schema.description, ...limits].filter(Boolean).join('；');
}

/** The object schema a field's rows come from: itself, its items', or the object among its variants. */
function objectOf(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  if (schema.items) return objectOf(schema.items);
  return (schema.anyOf ?? schema.oneOf)?.map(objectOf).find(Boolean);
}

/** The fields of a JSON schema as a tree of rows (objects and arrays of objects open into their fields). */
export function fieldRows(schema: JsonSchema | undefined, prefix = ''): FieldRow[] {
  const object = schema && objectOf(schema);
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).map(([name, field]) => {
    const key = `${prefix}${name}`;
    const children = fieldRows(field, `${key}.`);
    return { key, name, type: typeText(field), required: required.has(name), note: noteOf(field), ...(children.length ? { children } : {}) };
  });
}

/** Every operation of the document, in the document's order, as the page lists them. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      const scope = operation['x-scope'] ? `，${SCOPE_TEXT[operation['x-scope']] ?? operation['x-scope']}` : '';
      const bodyEntry = Object.entries(operation.requestBody?.content ?? {})[0];
      const success = operation.responses?.['200']?.content ?? {};
      return [
        {
          key: `${method} ${path}`,
          method,
          path,
          tag: operation.tags?.[0] ?? '',
          access: isPublic ? '公开' : `${operation['x-permission'] ?? '登录即可'}${scope}`,
          parameters: (operation.parameters ?? []).map((p) => ({
            key: `${p.in}.${p.name}`,
            name: p.name,
            type: `${p.schema ? typeText(p.schema) : '字符串'}（${p.in === 'path' ? '路径' : p.in === 'query' ? '查询' : p.in}）`,
            required: p.required === true,
            note: [p.description, p.schema && noteOf(p.schema)].filter(Boolean).join('；'),
          })),
          body: bodyEntry ? { mediaType: bodyEntry[0], fields: fieldRows(bodyEntry[1].schema) } : null,
          answer: Object.entries(success).map(([mediaType, content]) => ({ mediaType, fields: fieldRows(content.schema) })),
        },
      ];
    }),
  );
}

/** The operations whose address, module or permission holds the text (any case), within a module when one is chosen. */
export function filterOperations(operations: Operation[], text: string, tag: string | undefined): Operation[] {
  const needle = text.trim().toLowerCase();
  return operations.filter(
    (operation) =>
      (!tag || operation.tag === tag) &&
      (!needle || operation.path.toLowerCase().includes(needle) || operation.access.toLowerCase().includes(needle) || operation.method === needle),
  );
}
