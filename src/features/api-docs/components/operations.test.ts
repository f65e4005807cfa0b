import { describe, expect, it } from 'vitest';
import { fieldRows, filterOperations, operationsOf, type OpenApiDocument } from './operations.ts';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: '实习实训管理服务平台 API', version: '0.1.0' },
  paths: {
    '/api/sys/log/list': {
      get: {
        tags: ['sys/log'],
        parameters: [{ name: 'pageNo', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } }],
        'x-permission': 'system:log:list',
        'x-scope': 'all',
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['result'],
                  properties: {
                    result: {
                      type: 'object',
                      required: ['records'],
                      properties: { records: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, ip: { type: ['string', 'null'] } } } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/api/sys/login': {
      post: {
        security: [],
        requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['username'], properties: { username: { type: 'string', maxLength: 32 } } } } } },
        responses: { 200: { content: { 'application/json': { schema: { type: 'object', properties: { success: { type: 'boolean' } } } } } } },
      },
    },
    '/api/internship/score/exportXls': {
      get: { tags: ['internship'], responses: { 200: { content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string' } } } } } },
    },
  },
};

describe('the 接口文档 page reading the OpenAPI document', () => {
  it('lists each operation with who may call it', () => {
    const operations = operationsOf(document);
    expect(operations.map((o) => [o.method, o.path, o.access])).toEqual([
      ['get', '/api/sys/log/list', 'system:log:list，全部数据'],
      ['post', '/api/sys/login', '公开'],
      ['get', '/api/internship/score/exportXls', '登录即可'],
    ]);
    expect(operations[0]!.parameters).toEqual([{ key: 'query.pageNo', name: 'pageNo', type: '整数（查询）', required: false, note: '≥1' }]);
    expect(operations[1]!.body).toEqual({ mediaType: 'application/json', fields: [{ key: 'username', name: 'username', type: '字符串', required: true, note: '至多32字' }] });
    expect(operations[2]!.answer).toEqual([{ mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fields: [] }]);
  });

  it('opens objects and arrays of objects into their fields', () => {
    const [result] = fieldRows(document.paths['/api/sys/log/list']!.get!.responses!['200']!.content!['application/json']!.schema);
    expect(result!.children![0]).toMatchObject({ name: 'records', type: '数组<对象>', required: true });
    expect(result!.children![0]!.children).toEqual([
      { key: 'result.records.id', name: 'id', type: '字符串', required: true, note: '' },
      { key: 'result.records.ip', name: 'ip', type: '字符串 或 null', required: false, note: '' },
    ]);
  });

  it('finds operations by address, permission or method, within a module', () => {
    const operations = operationsOf(document);
    expect(filterOperations(operations, 'LOG/List', undefined).map((o) => o.path)).toEqual(['/api/sys/log/list']);
    expect(filterOperations(operations, 'post', undefined).map((o) => o.path)).toEqual(['/api/sys/login']);
    expect(filterOperations(operations, '', 'internship').map((o) => o.path)).toEqual(['/api/internship/score/exportXls']);
    expect(filterOperations(operations, 'login', 'internship')).toEqual([]);
  });
});
