import { eq } from 'drizzle-orm';
import { DOCUMENT_KINDS, DOCUMENT_MSG, TEMPLATE_MSG, templateKindParams, templateSchema, verifyParams, type DocumentKind, type DocumentVerification } from '@contract/documents.ts';
import { PLACEMENT_PERMISSIONS } from '@contract/internship-placement.ts';
import { documentIssue } from '../../db/schema.ts';
import { notFound, ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { schoolName } from './issue.ts';
import { templateAnswer, verificationAnswer } from './schemas.ts';
import { saveTemplate, templateOf } from './templates.ts';

/**
 * 文件核验 without logging in: whether a code was issued, for which kind of document, when, with how many pages and
 * students; never whose or what it says. Limited per address like the login, so codes cannot be walked.
 */
export default async function documentRoutes(app: App) {
  const { db, config } = app;
  app.get(
    '/documents/verify/:code',
    { config: { access: { public: true }, rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } }, schema: { params: verifyParams, response: { 200: verificationAnswer } } },
    async (request) => {
      const [issued] = await db.select().from(documentIssue).where(eq(documentIssue.code, request.params.code)).limit(1);
      if (!issued) throw notFound(DOCUMENT_MSG.unknown);
      const kind = issued.kind as DocumentKind;
      const answer: DocumentVerification = { code: issued.code, kind, kindName: DOCUMENT_KINDS[kind] ?? issued.kind, school: await schoolName(db), issuedAt: issued.issuedAt.toISOString(), pages: issued.pages, subjects: issued.subjects };
      return ok(answer);
    },
  );

  /** 文书模板: the school's text of 三方协议 and 知情同意书 (the default until saved), edited by the office. */
  const template = { permission: PLACEMENT_PERMISSIONS.template, scope: 'all' } as const;
  app.get('/documents/template/:kind', { config: { access: template }, schema: { params: templateKindParams, response: { 200: templateAnswer } } }, async (request) => ok(await templateOf(db, request.params.kind)));
  app.put('/documents/template/:kind', { config: { access: template, logTitle: '编辑文书模板' }, schema: { params: templateKindParams, body: templateSchema, response: { 200: templateAnswer } } }, async (request) => {
    const { userId } = requireAuth(request.auth);
    await saveTemplate(db, request.params.kind, request.body, userId);
    return ok(await templateOf(db, request.params.kind), TEMPLATE_MSG.saved);
  });
}
