import { compileErrors, validate } from '@readme/openapi-parser';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer, emptyBody, envelope } from '../../server/lib/answers.ts';
import { startTestApp, type TestApp } from './harness.ts';

const routes: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { onRoute: (route) => void routes.push(route) });
});
afterAll(() => t.close());

const methodsOf = (route: RouteOptions) => ([] as string[]).concat(route.method).filter((method) => method !== 'HEAD');
const apiRoutes = () => routes.filter((route) => route.url.startsWith('/api/'));

describe('the API description', () => {
  it('describes the answer of every API route', () => {
    const undescribed = apiRoutes()
      .filter((route) => !(route.schema?.response as Record<string, unknown> | undefined)?.[200] && !route.config?.fileAnswer)
      .flatMap((route) => methodsOf(route).map((method) => `${method} ${route.url}`));
    expect(undescribed).toEqual([]);
  });

  it('describes the body of every API route that takes one', () => {
    const undescribed = apiRoutes()
      .filter((route) => !route.schema?.body && !route.config?.upload)
      .flatMap((route) => methodsOf(route).filter((method) => method === 'POST' || method === 'PUT').map((method) => `${method} ${route.url}`));
    expect(undescribed).toEqual([]);
  });

  it('takes a call without a body where a route takes none, as browsers send it', async () => {
    const bodiless = apiRoutes().filter((route) => route.schema?.body === emptyBody);
    expect(bodiless.length).toBeGreaterThan(3);
    const admin = await t.login('admin');
    for (const route of bodiless) {
      for (const method of methodsOf(route)) {
        const response = await t.app.inject({ method: method as 'POST', url: route.url.replace(/:\w+/g, 'x'), headers: { 'X-Access-Token': admin } });
        expect(response.statusCode === 400 ? response.json<{ message: string }>().message : '', `${method} ${route.url}`).not.toMatch(/期望|请求内容/);
      }
    }
  });

  it('is a valid OpenAPI 3.1 document, for administrators only', async () => {
    const admin = await t.login('admin');
    const response = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { 'X-Access-Token': admin } });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, { 'x-permission'?: string; responses: Record<string, unknown> }>> }>();
    expect(document.openapi).toBe('3.1.0');
    const checked = await validate(response.json<Parameters<typeof validate>[0]>());
    expect(checked.valid ? '' : compileErrors(checked)).toBe('');
    expect(Object.keys(document.paths).length).toBe(new Set(apiRoutes().map((route) => route.url.replace(/:(\w+)/g, '{$1}'))).size);
    expect(document.paths['/api/sys/log/list']?.get?.['x-permission']).toBe('system:log:list');
    expect(Object.keys(document.paths['/api/sys/log/list']?.get?.responses ?? {})).toEqual(['200', 'default']);

    expect((await t.get('/api/docs', await t.login('teacher01'))).status).toBe(403);
    expect((await t.get('/api/docs')).status).toBe(401);
  });
});

describe('answers checked against their description', () => {
  const described = envelope(z.object({ name: z.string() }));
  const serialize = (check: boolean) => answerSerializer(check)({ schema: described, method: 'GET', url: '/x', httpStatus: '200' });
  const answer = (result: unknown) => ({ success: true, message: '', code: 200, result, timestamp: 1 });

  it('passes an answer that is exactly its description', () => {
    expect(serialize(true)(answer({ name: '李明' }))).toBe(JSON.stringify(answer({ name: '李明' })));
  });

  it('refuses, with checks on, a field missing, mistyped or not described', () => {
    expect(() => serialize(true)(answer({}))).toThrow(/answered other than its answer schema/);
    expect(() => serialize(true)(answer({ name: 1 }))).toThrow(/answered other than its answer schema/);
    expect(() => serialize(true)(answer({ name: '李明', idCard: '4401' }))).toThrow(/fields the description lacks: .*idCard/);
  });

  it('sends any answer as it is with checks off', () => {
    expect(serialize(false)(answer({ name: '李明', idCard: '4401' }))).toBe(JSON.stringify(answer({ name: '李明', idCard: '4401' })));
  });
});
