import * as z from 'zod/mini';
import { JOB_MSG, JOB_PERMISSIONS, jobCronSchema, jobIdSchema } from '@contract/job.ts';
import { HttpError, notFound, ok } from '../../lib/http.ts';
import type { App } from '../../types.ts';
import './cleanup-jobs.ts';
import { JobScheduler } from './registry.ts';
import { jobAnswer, jobListAnswer, jobRunAnswer } from './schemas.ts';

const listQuery = z.object({ _t: z.optional(z.coerce.number()) });

/** 定时任务 (JeecgBoot's /sys/quartzJob/*): the registered jobs with their cron, last and next run; pause, resume, run now, change the cron. */
export default async function jobRoutes(app: App) {
  const scheduler = new JobScheduler(app.db, app.log, app.config.jobsEnabled, (key, status, seconds) => app.metrics.jobRun(key, status, seconds));
  app.addHook('onReady', () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());

  const access = (permission: string) => ({ access: { permission, scope: 'all' } as const });
  const existing = async (id: string) => {
    const job = await scheduler.find(id);
    if (!job) throw notFound(JOB_MSG.notFound);
    return job;
  };

  app.get('/sys/quartzJob/list', { config: access(JOB_PERMISSIONS.list), schema: { querystring: listQuery, response: { 200: jobListAnswer } } }, async () => ok(await scheduler.list()));

  app.put('/sys/quartzJob/pause', { config: access(JOB_PERMISSIONS.edit), schema: { body: jobIdSchema, response: { 200: jobAnswer } } }, async (request) => {
    await existing(request.body.id);
    await scheduler.pause(request.body.id);
    return ok(await existing(request.body.id), '暂停成功');
  });

  app.put('/sys/quartzJob/resume', { config: access(JOB_PERMISSIONS.edit), schema: { body: jobIdSchema, response: { 200: jobAnswer } } }, async (request) => {
    await existing(request.body.id);
    await scheduler.resume(request.body.id);
    return ok(await existing(request.body.id), '恢复成功');
  });

  app.put('/sys/quartzJob/edit', { config: access(JOB_PERMISSIONS.edit), schema: { body: jobCronSchema, response: { 200: jobAnswer } } }, async (request) => {
    await existing(request.body.id);
    await scheduler.setCron(request.body.id, request.body.cron);
    return ok(await existing(request.body.id), '修改成功');
  });

  // Runs a paused job too: pausing stops the timer, not the admin.
  app.post('/sys/quartzJob/execute', { config: access(JOB_PERMISSIONS.run), schema: { body: jobIdSchema, response: { 200: jobRunAnswer } } }, async (request) => {
    await existing(request.body.id);
    const run = scheduler.runNow(request.body.id);
    if (!run) throw new HttpError(409, JOB_MSG.running);
    const result = await run;
    return ok(result, result.status === 'ok' ? `执行成功：${result.message}` : `执行失败：${result.message}`);
  });
}
