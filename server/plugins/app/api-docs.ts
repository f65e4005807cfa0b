import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_DOCS_PERMISSION } from '@contract/monitor.ts';
import { ACCESS_TOKEN_HEADER } from '@contract/envelope.ts';
import { emptyBody, timestampQuery } from '../../lib/answers.ts';
import type { App } from '../../types.ts';

type Transform = Parameters<typeof jsonSchemaTransform>[0];

const ERROR_ANSWER = {
  description: '失败：信封的 success 为 false，message 是给用户看的中文说明',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
};

/**
 * The API described in OpenAPI 3.1, from the routes' own zod schemas (querystring, params, body, response[200];
 * server/lib/answers.ts): @fastify/swagger collects the routes, fastify-type-provider-zod turns their schemas into
 * JSON Schema. Each operation also says who may call it (x-permission, x-scope) from its access declaration, a
 * file answer's media types (config.fileAnswer) and an upload's fields (config.upload). Administrators read it at
 * GET /api/docs; the 接口文档 page browses it; `npm run api:docs` writes it to a file.
 */
export default fp(async function apiDocs(app: App) {
  const prefix = app.config.apiPrefix;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '实习实训管理服务平台 API',
        version: process.env.npm_package_version ?? '0.1.0',
        description:
          '每个应答都在信封 {success, message, code, result, timestamp} 中（SPEC.md 第7节）。登录后把 token 放在 X-Access-Token 请求头中；x-permission 为调用所需的权限编码。',
      },
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: ACCESS_TOKEN_HEADER } },
        schemas: {
          ErrorEnvelope: {
            type: 'object',
            required: ['success', 'message', 'code', 'result', 'timestamp'],
            properties: {
              success: { type: 'boolean', const: false },
              message: { type: 'string' },
              code: { type: 'integer' },
              result: { type: 'null' },
              timestamp: { type: 'integer' },
            },
          },
        },
      },
      security: [{ accessToken: [] }],
    },
    // A schema registered by id (.meta({ id }): a tree's node, which refers to itself) becomes a component.
    transformObject: jsonSchemaTransformObject,
    transform: (document: Transform) => {
      const { route } = document as Transform & { route: { config?: Record<string, unknown> } };
      if (!document.url.startsWith(`${prefix}/`)) return { schema: { hide: true }, url: document.url };
      const described = jsonSchemaTransform(document);
      const schema: Record<string, unknown> = { ...described.schema };
      const config = route.config ?? {};
      const access = config.access as { public?: boolean; permission?: unknown; scope?: string } | undefined;
      const fileAnswer = config.fileAnswer as readonly string[] | undefined;
      const upload = config.upload as z.ZodObject | undefined;
      const segments = document.url.slice(prefix.length + 1).split('/').filter((part) => part && !part.startsWith(':'));
      schema.tags = [segments.slice(0, segments[0] === 'sys' ? 2 : 1).join('/')];
      if (access?.public) schema.security = [];
      else if (access) {
        schema['x-permission'] = typeof access.permission === 'function' ? '按请求内容而定' : (access.permission ?? '登录即可');
        schema['x-scope'] = access.scope;
      }
      // A body that may be left out (the old client sends {}) is no request body in the document: OpenAPI's is all or nothing.
      if (document.schema?.body === emptyBody) delete schema.body;
      if (upload) {
        schema.body = z.toJSONSchema(upload, { target: 'draft-2020-12', io: 'input' });
        schema.consumes = ['multipart/form-data'];
      }
      const responses = { ...(schema.response as Record<string, unknown> | undefined) };
      if (fileAnswer) {
        responses[200] = {
          description: '文件',
          content: Object.fromEntries(fileAnswer.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
        };
      }
      responses.default = ERROR_ANSWER;
      schema.response = responses;
      return { schema, url: described.url };
    },
  });

  app.get(
    `${prefix}/docs`,
    {
      config: { access: { permission: API_DOCS_PERMISSION, scope: 'all' } },
      schema: { querystring: timestampQuery, response: { 200: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }) } },
    },
    // The document as built from the routes: its paths are what was declared, its version the one written above.
    async () => app.swagger() as unknown as { openapi: '3.1.0'; paths: Record<string, unknown> },
  );
}, { name: 'api-docs' });
